// Outgoing mail settings against the API: accounts (the password is write-only), connection tests,
// and the usage assignments, each refreshed into Dexie so the screen shows offline.
import type { SmtpAccount, SmtpAccountCreate, SmtpAccountUpdate, SmtpSetting, SmtpSettingInput, SmtpTestConfig, SmtpTestResult, UsageType } from '@app/domain/mail';
import { api } from '../../lib/api.ts';
import { db } from '../../db/db.ts';
import { replaceAll } from '../../db/sync.ts';

export async function syncSettings(): Promise<SmtpSetting[]> {
  const { settings } = await api.get<{ settings: SmtpSetting[] }>('/smtp/settings');
  await replaceAll(db.smtpSettings, settings);
  return settings;
}

export async function createAccount(input: SmtpAccountCreate): Promise<SmtpAccount> {
  const account = await api.post<SmtpAccount>('/smtp/accounts', input);
  await db.smtpAccounts.put(account);
  return account;
}

export async function updateAccount(id: number, input: SmtpAccountUpdate): Promise<SmtpAccount> {
  const account = await api.put<SmtpAccount>(`/smtp/accounts/${id}`, input);
  await db.smtpAccounts.put(account);
  return account;
}

export async function deleteAccount(id: number): Promise<void> {
  await api.del(`/smtp/accounts/${id}`);
  await db.smtpAccounts.delete(id);
}

export const testAccount = (id: number) => api.post<SmtpTestResult>(`/smtp/accounts/${id}/test`);
export const testConfig = (input: SmtpTestConfig) => api.post<SmtpTestResult>('/smtp/test-config', input);

export async function saveSetting(usageType: UsageType, input: SmtpSettingInput): Promise<SmtpSetting> {
  const setting = await api.put<SmtpSetting>(`/smtp/settings/${usageType}`, input);
  await db.smtpSettings.put(setting);
  return setting;
}

export async function clearSetting(usageType: UsageType): Promise<void> {
  await api.del(`/smtp/settings/${usageType}`);
  await db.smtpSettings.delete(usageType);
}
