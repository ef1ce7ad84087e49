// Astro renders the public pages on the server; the process entry (api/src/server.ts) mounts
// the node handler in middleware mode next to the API and the admin PWA, on one origin.
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  trailingSlash: 'ignore',
  build: { inlineStylesheets: 'auto' },
  security: { checkOrigin: true },
});
