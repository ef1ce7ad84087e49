// Outgoing mail settings against the API: accounts (the password is write-only), connection tests,
// and the usage assignments, each refreshed into Dexie so the screen shows offline.
import type {
  SmtpAccount,
  SmtpAccountCreate,
  SmtpAccountUpdate,
  SmtpSetting,
  SmtpSettingInput,
  SmtpTestConfig,
  UsageType,
} from '@app/domain/mail';
import { body, client } from '../../lib/client.ts';
import { db } from '../../db/db.ts';
import { replaceAll } from '../../db/sync.ts';

export async function syncSettings(): Promise<SmtpSetting[]> {
  const { settings } = await body(client.smtp.settings.$get());
  await replaceAll(db.smtpSettings, settings);
  return settings;
}

export async function createAccount(input: SmtpAccountCreate): Promise<SmtpAccount> {
  const account = await body(client.smtp.accounts.$post({ json: input }));
  await db.smtpAccounts.put(account);
  return account;
}

export async function updateAccount(id: number, input: SmtpAccountUpdate): Promise<SmtpAccount> {
  const account = await body(client.smtp.accounts[':id'].$put({ param: { id: String(id) }, json: input }));
  await db.smtpAccounts.put(account);
  return account;
}

export async function deleteAccount(id: number): Promise<void> {
  await client.smtp.accounts[':id'].$delete({ param: { id: String(id) } });
  await db.smtpAccounts.delete(id);
}

export const testAccount = (id: number) => body(client.smtp.accounts[':id'].test.$post({ param: { id: String(id) } }));
export const testConfig = (input: SmtpTestConfig) => body(client.smtp['test-config'].$post({ json: input }));

export async function saveSetting(usageType: UsageType, input: SmtpSettingInput): Promise<SmtpSetting> {
  const setting = await body(client.smtp.settings[':usageType'].$put({ param: { usageType }, json: input }));
  await db.smtpSettings.put(setting);
  return setting;
}

export async function clearSetting(usageType: UsageType): Promise<void> {
  await client.smtp.settings[':usageType'].$delete({ param: { usageType } });
  await db.smtpSettings.delete(usageType);
}
