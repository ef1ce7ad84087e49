// A pause a test can put a request in, to pick a moment (a twin arriving while the first still runs):
// only when TEST_HOLD_DIR is set, which env.ts allows with NODE_ENV=test alone. The request writes
// `<dir>/<name>` to say it is held, and goes on when the test removes that file.
import fs from 'node:fs';
import path from 'node:path';

const NAME = /^[a-z0-9-]{1,40}$/;

export async function holdForTest(dir: string, name: string | undefined): Promise<void> {
  if (!name || !NAME.test(name)) return;
  const file = path.join(dir, name);
  fs.mkdirSync(dir, { recursive: true });
  const watcher = fs.watch(dir);
  try {
    const released = new Promise<void>((resolve) => {
      const check = () => !fs.existsSync(file) && resolve();
      watcher.on('change', check);
      watcher.on('error', () => resolve());
      fs.writeFileSync(file, String(process.pid));
      check();
    });
    await released;
  } finally {
    watcher.close();
  }
}
