// Astro renders the public pages on the server; the process entry (api/src/server.ts) mounts
// the node handler in middleware mode next to the API and the admin PWA, on one origin.
// The Content-Security-Policy is Astro's: hashes of its own inline scripts and styles, no
// 'unsafe-inline' (docs/decisions/041-theme-and-csp.md).
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import islandTexts from './island-texts.mjs';
import precompress from './precompress.mjs';
import { THEME_BOOT_HASH } from './src/lib/theme-boot.mjs';

const building = process.argv.includes('build');

export default defineConfig({
  output: 'server',
  // No streaming: the server keeps each page whole anyway (its ETag, the page cache), and rendering to
  // one string skips the web-stream machinery per chunk (issue #17: a cheaper uncached render). React
  // islands render with renderToString for the same reason (none of them suspends).
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  integrations: [react({ experimentalDisableStreaming: true }), precompress()],
  trailingSlash: 'ignore',
  markdown: { syntaxHighlight: false },
  build: { inlineStylesheets: 'auto' },
  // React is bundled into the server build in its production form: left external it would pick its
  // development build whenever NODE_ENV is not exactly 'production' (3–4 times slower rendering).
  // Only for `astro build`: the dev server loads React as it is (bundling its CommonJS there fails).
  vite: {
    plugins: [islandTexts()],
    // Our page scripts are files, never inlined into the page (Astro inlines those under 4 KB): the theme
    // toggle written into every page's HTML is fetched once and kept (immutable) instead (issue #33: the
    // listings page at most 30 KB). Other assets keep the default limit (undefined).
    build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) },
    ...(building && {
      ssr: { noExternal: ['react', 'react-dom', 'scheduler'] },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    }),
  },
  security: {
    // Cross-site form posts are refused by our middleware (src/lib/own-origin.ts), which also knows the
    // public origins (PUBLIC_URL, the English host): Astro's check compares Origin with the Host the
    // request names, and refuses our own posts behind a proxy that does not pass it (decision 119).
    checkOrigin: false,
    csp: {
      algorithm: 'SHA-256',
      // The one inline script we write ourselves: the theme before first paint (src/lib/theme-boot.mjs).
      scriptDirective: { hashes: [THEME_BOOT_HASH] },
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "media-src 'self'",
        'frame-src https://www.openstreetmap.org',
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
      ],
    },
  },
});
