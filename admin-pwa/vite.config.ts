// The admin back office: a React PWA served under /admin/ with its app shell precached. The
// service worker caches the shell only — API answers live in IndexedDB (Dexie), never in the SW.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  base: '/admin/',
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      // Registered by src/app/update-prompt.tsx (workbox-window): no generated inline script.
      injectRegister: false,
      // '/admin' rather than '/admin/' so the worker also answers /admin without the slash offline;
      // the server allows the wider scope with Service-Worker-Allowed (api/src/http/origin.ts).
      scope: '/admin',
      includeAssets: ['icons/apple-touch-icon.png'],
      manifest: {
        id: '/admin/',
        name: 'Provence Moteurs — Administration',
        short_name: 'PM Admin',
        description: 'Back office: annonces, messages, documents, newsletter — utilisable hors ligne.',
        lang: 'fr',
        start_url: '/admin/',
        scope: '/admin/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0b3d5c',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        navigateFallback: '/admin/index.html',
        navigateFallbackAllowlist: [/^\/admin(?:\/|$)/],
        navigateFallbackDenylist: [/^\/api\//],
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // No runtimeCaching: authenticated data is never written to Cache Storage.
        cleanupOutdatedCaches: true,
        // The first install controls the open page at once (offline works without a reload); an
        // update still waits for the admin's consent (no skipWaiting).
        clientsClaim: true,
      },
    }),
  ],
  build: { target: 'es2022', sourcemap: false },
  server: { proxy: { '/api': process.env.API_URL ?? 'http://localhost:4321' } },
});
