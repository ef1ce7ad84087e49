// The admin back office: a React PWA served under /admin/ with its app shell precached.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  base: '/admin/',
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      scope: '/admin/',
      manifest: {
        name: 'Provence Moteurs — Administration',
        short_name: 'PM Admin',
        lang: 'fr',
        start_url: '/admin/',
        scope: '/admin/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0b3d5c',
        icons: [],
      },
      workbox: {
        navigateFallback: '/admin/index.html',
        navigateFallbackAllowlist: [/^\/admin\//],
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      },
    }),
  ],
  server: { proxy: { '/api': 'http://localhost:4321' } },
});
