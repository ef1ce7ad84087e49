// Sends mail through the configured SMTP accounts with nodemailer: picks the account for a usage,
// decrypts its password, connects only to a checked address, and words failures generically.
import { asc, eq } from 'drizzle-orm';
import type nodemailer from 'nodemailer';
import { tablesOf, type schema, type Queryable, first } from '@app/db';
import { mailMessages } from '@app/domain/api-messages';
import { headerSafe } from '@app/domain/header-text';
import type { UsageType } from '@app/domain/mail';
import type { Deps } from '../context.ts';
import { checkSmtpTarget, SmtpGuardError } from './smtp-guard.ts';

export type AccountRow = typeof schema.smtpAccounts.$inferSelect;
export type ConnectionConfig = { host: string; port: number; secure: boolean; user: string; password: string };

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  headers?: Record<string, string>;
};

/** Short enough that an admin waiting on a test or a reply gets an answer quickly. */
const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000, dnsTimeout: 3_000 };

export type Transport = ReturnType<typeof nodemailer.createTransport>;

/**
 * nodemailer is imported on the first mail, not at start: a process that sends no mail never holds it
 * (4–5 MiB resident at start, docs/perf/memory.md).
 */
export async function createTransport(deps: Deps, config: ConnectionConfig, pool?: { maxConnections: number }): Promise<Transport> {
  const target = await checkSmtpTarget(config.host, config.port, { allowLocal: deps.env.SMTP_ALLOW_LOCAL });
  const { default: mailer } = await import('nodemailer');
  return mailer.createTransport({
    host: target.host,
    ...(target.servername ? { servername: target.servername } : {}),
    port: config.port,
    secure: config.secure,
    // Credentials never cross the network in clear: without implicit TLS the server must offer STARTTLS,
    // or nodemailer stops before AUTH. Only this machine's loopback is exempt, and only when local
    // servers are allowed (development and tests).
    requireTLS: !config.secure && !target.loopback,
    auth: { user: config.user, pass: config.password },
    ...TIMEOUTS,
    ...(pool ? { pool: true, maxConnections: pool.maxConnections, maxMessages: 1000 } : {}),
    disableFileAccess: true,
    disableUrlAccess: true,
  } as Parameters<typeof nodemailer.createTransport>[0]);
}

export const accountConfig = (deps: Deps, account: AccountRow): ConnectionConfig => ({
  host: account.host,
  port: account.port,
  secure: account.secure,
  user: account.user,
  password: deps.mailCrypto.decrypt(account.passwordEncrypted),
});

export const fromAddress = (account: AccountRow) => ({ name: headerSafe(account.fromName), address: headerSafe(account.fromEmail) });

/**
 * Sends one message; the transport is the caller's (pooled for newsletters) or a fresh one. Every
 * header value is cleaned here, the last step, whatever validation the value went through before.
 */
export async function sendMail(transport: Transport, account: AccountRow, mail: OutgoingMail) {
  return transport.sendMail({
    from: fromAddress(account),
    to: headerSafe(mail.to),
    replyTo: mail.replyTo === undefined ? undefined : headerSafe(mail.replyTo),
    subject: headerSafe(mail.subject),
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}

/** Sends one message through an account on its own short-lived connection. */
export async function sendWithAccount(deps: Deps, account: AccountRow, mail: OutgoingMail) {
  const transport = await createTransport(deps, accountConfig(deps, account));
  try {
    return await sendMail(transport, account, mail);
  } finally {
    transport.close();
  }
}

/**
 * The account sending for a usage: the assigned one when active, else the first active account
 * (back-office section 4), with the recipient configured for that usage.
 */
export async function accountForUsage(
  db: Queryable,
  usageType: UsageType,
): Promise<{ account?: AccountRow; recipientEmail: string | null }> {
  const tables = tablesOf(db);
  const setting = await first(db.select().from(tables.smtpSettings).where(eq(tables.smtpSettings.usageType, usageType)));
  let account = setting?.smtpAccountId
    ? await first(db.select().from(tables.smtpAccounts).where(eq(tables.smtpAccounts.id, setting.smtpAccountId)))
    : undefined;
  if (!account?.isActive) {
    account = await first(
      db.select().from(tables.smtpAccounts).where(eq(tables.smtpAccounts.isActive, true)).orderBy(asc(tables.smtpAccounts.id)),
    );
  }
  return { account, recipientEmail: setting?.recipientEmail || null };
}

/**
 * A failure in words an admin can act on, without telling a prober anything of the network: a refused
 * address or port, an unknown name, a closed port and an unreachable host all read the same.
 */
export function describeMailError(err: unknown): string {
  if (err instanceof SmtpGuardError) return mailMessages.connectionFailed;
  const code = (err as { code?: string })?.code;
  if (code === 'EAUTH' || code === 'ENOAUTH') return mailMessages.authRefused;
  if (code === 'EENVELOPE') return mailMessages.recipientRefused;
  if (code === 'EMESSAGE') return mailMessages.messageRefused;
  return mailMessages.connectionFailed;
}

/**
 * Connects and authenticates (nodemailer verify), answering the spec's { success, message }.
 * beforeConnect runs once the target passed the guard (a refused target costs no connection); what it
 * throws (the caller's own refusal, a rate limit) reaches the caller as it is, not as a failed test.
 */
export async function testConnection(
  deps: Deps,
  config: ConnectionConfig,
  beforeConnect?: () => void | Promise<void>,
): Promise<{ success: boolean; message: string }> {
  const failed = (err: unknown) => {
    deps.log.info('smtp test failed', { code: (err as { code?: string })?.code ?? (err as Error)?.name });
    return { success: false, message: describeMailError(err) };
  };
  let transport: Transport;
  try {
    transport = await createTransport(deps, config);
  } catch (err) {
    return failed(err);
  }
  try {
    await beforeConnect?.();
  } catch (err) {
    transport.close();
    throw err;
  }
  try {
    await transport.verify();
    return { success: true, message: mailMessages.testPassed };
  } catch (err) {
    return failed(err);
  } finally {
    transport.close();
  }
}

/** Permanent refusals (5xx) are not worth retrying; everything else may pass later. */
export const isPermanentFailure = (err: unknown) => {
  const responseCode = (err as { responseCode?: number })?.responseCode;
  return err instanceof SmtpGuardError || (typeof responseCode === 'number' && responseCode >= 500 && responseCode !== 535);
};
