// The set-up most mail tests share: a loopback SMTP sink, a real server and a signed-in admin.
import { signInAsAdmin } from './auth.ts';
import { startServer, type TestServer } from './server.ts';
import { startSmtpServer, type TestSmtp } from './smtp.ts';

export type MailStack = { server: TestServer; smtp: TestSmtp; token: string };

export async function startMailStack(env: Record<string, string>): Promise<MailStack> {
  const smtp = await startSmtpServer();
  const server = await startServer({ env });
  const token = (await signInAsAdmin(server)).accessToken;
  return { server, smtp, token };
}

/** Stops what started; safe when beforeAll failed half-way. */
export async function stopMailStack(stack: Partial<MailStack>): Promise<void> {
  await stack.server?.stop();
  await stack.smtp?.stop();
}

/** The outbox worker polls and retries quickly, so a test sees a mail within moments. */
export const FAST_MAIL_ENV = { MAIL_RETRY_BASE_MS: '100', MAIL_WORKER_INTERVAL_MS: '100' };
