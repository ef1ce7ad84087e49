// `npm run dev`: the API with --watch on :4321, Astro dev on :4322 and Vite on :5173 (both proxy or
// call the API), each with hot reload. Ctrl-C stops all three.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.ts';

const env = { ...process.env, NODE_ENV: 'development', SMTP_ALLOW_LOCAL: process.env.SMTP_ALLOW_LOCAL ?? 'true' };
const children = [
  spawn(process.execPath, ['--watch', 'api/src/server.ts'], { cwd: root, stdio: 'inherit', env: { ...env, API_ONLY: 'true', PORT: '4321' } }),
  spawn('pnpm', ['exec', 'astro', 'dev', '--port', '4322'], { cwd: path.join(root, 'site'), stdio: 'inherit', env: { ...env, API_URL: 'http://localhost:4321' } }),
  spawn('pnpm', ['exec', 'vite', '--port', '5173'], { cwd: path.join(root, 'admin-pwa'), stdio: 'inherit', env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
