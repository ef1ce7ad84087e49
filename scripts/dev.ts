// `npm run dev`: the API with --watch on PORT (4321), Astro dev on SITE_DEV_PORT (4322) and Vite on
// ADMIN_DEV_PORT (5173), each with hot reload; the site calls the API over HTTP, Vite proxies /api.
// Ctrl-C stops all three.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.ts';

const apiPort = process.env.PORT ?? '4321';
const sitePort = process.env.SITE_DEV_PORT ?? '4322';
const adminPort = process.env.ADMIN_DEV_PORT ?? '5173';
const apiUrl = `http://localhost:${apiPort}`;
const env = { ...process.env, NODE_ENV: 'development', SMTP_ALLOW_LOCAL: process.env.SMTP_ALLOW_LOCAL ?? 'true' };

const children = [
  spawn(process.execPath, ['--watch', 'api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, API_ONLY: 'true', PORT: apiPort },
  }),
  spawn('pnpm', ['exec', 'astro', 'dev', '--port', sitePort], {
    cwd: path.join(root, 'site'),
    stdio: 'inherit',
    env: { ...env, API_URL: apiUrl },
  }),
  spawn('pnpm', ['exec', 'vite', '--port', adminPort, '--strictPort'], {
    cwd: path.join(root, 'admin-pwa'),
    stdio: 'inherit',
    env: { ...env, API_URL: apiUrl },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
