// The SMTP accounts as several screens need them (settings cards, the reply modal's sender select):
// fetched from the API into Dexie (no password ever: the API returns none), read back from there.
import type { SmtpAccount } from '@app/domain/mail';
import { db } from '../db/db.ts';
import { replaceAll } from '../db/sync.ts';
import { body, client } from './client.ts';

export async function syncSmtpAccounts(): Promise<SmtpAccount[]> {
  const { accounts } = await body(client.smtp.accounts.$get());
  await replaceAll(db.smtpAccounts, accounts);
  return accounts;
}

/** Only active accounts are offered in reply and usage selections (back-office section 4). */
export const activeAccounts = (accounts: readonly SmtpAccount[]) => accounts.filter((a) => a.isActive);

/** The sender select truncates names beyond 25 characters (back-office section 9). */
export const SENDER_LABEL_MAX = 25;
export const truncateName = (name: string, max = SENDER_LABEL_MAX) => (name.length > max ? `${name.slice(0, max)}...` : name);
