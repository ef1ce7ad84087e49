// `npm start`: builds what changed, migrates, loads the demo data on first run, and serves the
// whole product on one origin (PORT, default 4321).
import path from 'node:path';
import { build } from './build.ts';
import { mustRun, root } from './lib.ts';

await build();
const seed = path.join(root, 'demo/src/seed.ts');
await mustRun(process.execPath, [seed, '--first-run']);

const { spawn } = await import('node:child_process');
const server = spawn(process.execPath, [path.join(root, 'api/src/server.ts')], { stdio: 'inherit', cwd: root });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
