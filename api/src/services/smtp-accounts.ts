// Outgoing mail accounts (the password encrypted at rest, never answered) and the usage assignments:
// which account sends what, and to whom.
import { asc, eq } from 'drizzle-orm';
import { tablesOf, type schema, type Queryable, first } from '@app/db';
import { usageState, type SmtpAccount, type SmtpSetting, type UsageType } from '@app/domain/mail';
import type { SmtpAccountCreate, SmtpAccountUpdate, SmtpSettingInput } from '@app/domain/mail';
import { notFoundMessages } from '@app/domain/api-messages';
import type { Deps } from '../context.ts';
import type { AccountRow } from './mailer.ts';
import { Refusal } from './refusal.ts';

/** Every field but the password: the one shape any endpoint returns for an account. */
export const toAccount = (r: AccountRow): SmtpAccount => ({
  id: r.id,
  name: r.name,
  host: r.host,
  port: r.port,
  secure: r.secure,
  user: r.user,
  fromName: r.fromName,
  fromEmail: r.fromEmail,
  isActive: r.isActive,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const settingOf = (r: typeof schema.smtpSettings.$inferSelect): SmtpSetting => ({
  usageType: r.usageType as UsageType,
  smtpAccountId: r.smtpAccountId,
  recipientEmail: r.recipientEmail,
  state: usageState(r.usageType as UsageType, r.smtpAccountId, r.recipientEmail),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listAccounts(deps: Deps): Promise<SmtpAccount[]> {
  const a = tablesOf(deps.db).smtpAccounts;
  return (await deps.db.select().from(a).orderBy(asc(a.id))).map(toAccount);
}

/** The stored account, password included (for a connection test); not-found when there is none. */
export async function findAccount(deps: Deps, id: number): Promise<AccountRow> {
  const a = tablesOf(deps.db).smtpAccounts;
  const row = await first(deps.db.select().from(a).where(eq(a.id, id)));
  if (!row) throw new Refusal('not-found', notFoundMessages.smtpAccount);
  return row;
}

export async function createAccount(deps: Deps, q: Queryable, input: SmtpAccountCreate): Promise<SmtpAccount> {
  const a = tablesOf(q).smtpAccounts;
  const { password, ...fields } = input;
  const row = (
    await q
      .insert(a)
      .values({ ...fields, passwordEncrypted: deps.mailCrypto.encrypt(password) })
      .returning()
  )[0]!;
  deps.log.info('smtp account created', { id: row.id });
  return toAccount(row);
}

/** Any subset of the fields; an empty password keeps the stored one (back-office section 5). */
export async function updateAccount(deps: Deps, id: number, input: SmtpAccountUpdate): Promise<SmtpAccount> {
  const a = tablesOf(deps.db).smtpAccounts;
  await findAccount(deps, id);
  const { password, ...fields } = input;
  const changes: Partial<typeof schema.smtpAccounts.$inferInsert> = { ...fields, updatedAt: new Date() };
  if (password) changes.passwordEncrypted = deps.mailCrypto.encrypt(password);
  const row = (await deps.db.update(a).set(changes).where(eq(a.id, id)).returning())[0];
  if (!row) throw new Refusal('not-found', notFoundMessages.smtpAccount);
  return toAccount(row);
}

export async function deleteAccount(q: Queryable, id: number) {
  const a = tablesOf(q).smtpAccounts;
  await q.delete(a).where(eq(a.id, id));
}

export async function listUsageSettings(deps: Deps): Promise<SmtpSetting[]> {
  const st = tablesOf(deps.db).smtpSettings;
  return (await deps.db.select().from(st).orderBy(asc(st.usageType))).map(settingOf);
}

/** Assigns an account and/or a recipient to a usage; an account that does not exist is not-found. */
export async function assignUsage(deps: Deps, usageType: UsageType, input: SmtpSettingInput): Promise<SmtpSetting> {
  const st = tablesOf(deps.db).smtpSettings;
  if (input.smtpAccountId) await findAccount(deps, input.smtpAccountId);
  const values = {
    ...(input.smtpAccountId !== undefined ? { smtpAccountId: input.smtpAccountId } : {}),
    ...(input.recipientEmail !== undefined ? { recipientEmail: input.recipientEmail || null } : {}),
    updatedAt: new Date(),
  };
  const row = (
    await deps.db
      .insert(st)
      .values({ usageType, ...values })
      .onConflictDoUpdate({ target: st.usageType, set: values })
      .returning()
  )[0]!;
  return settingOf(row);
}

/** Removes a usage's assignment; not-found when it had none. */
export async function removeUsage(q: Queryable, usageType: UsageType) {
  const st = tablesOf(q).smtpSettings;
  const deleted = await q.delete(st).where(eq(st.usageType, usageType)).returning();
  if (!deleted.length) throw new Refusal('not-found', notFoundMessages.smtpSetting);
}
