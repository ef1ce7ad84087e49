// A real server per test file or block, with a signed-in administrator: the set-up most API tests share.
// Apart from auth.ts because it registers vitest hooks, and the bench imports auth.ts outside vitest.
import { afterAll, beforeAll } from 'vitest';
import { signInAsAdmin } from './auth.ts';
import { startServer, type TestServer } from './server.ts';

/** A real server for the enclosing block, with a signed-in administrator's access token; stopped after it. */
export function serverAndAdmin() {
  const env = {} as { server: TestServer; token: string };
  beforeAll(async () => {
    env.server = await startServer();
    env.token = (await signInAsAdmin(env.server)).accessToken;
  });
  afterAll(() => env.server?.stop());
  return env;
}
