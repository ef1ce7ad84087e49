// The settings write that works offline: an account's activation switch (shown at once, sent later).
import type { SmtpAccount } from '@app/domain/mail';
import { db } from '../../db/db.ts';
import { defineOperation } from '../../db/outbox.ts';
import { body, client, keyed } from '../../lib/client.ts';

export type ActivationPayload = { id: number; isActive: boolean };

export const ACCOUNT_ACTIVATION = defineOperation<ActivationPayload, SmtpAccount>('smtp.activation', {
  tables: () => [db.smtpAccounts],
  send: ({ id, isActive }, _files, _steps, key) =>
    body(client.smtp.accounts[':id'].$put({ param: { id: String(id) }, json: { isActive } }, keyed(key))),
  async applyLocal({ id, isActive }) {
    await db.smtpAccounts.update(id, { isActive });
  },
  async onSent(account) {
    await db.smtpAccounts.put(account);
  },
  // Two switches of the same account while offline: only the last state needs sending.
  coalesce(queued, payload) {
    return queued.kind === 'smtp.activation' && (queued.payload as ActivationPayload).id === payload.id ? { payload, files: [] } : null;
  },
});
