// The message writes that work offline: deleting a message, and a reply queued until the connection returns.
import type { EmailResponse, ReplyInput } from '@app/domain/mail';
import { db } from '../../db/db.ts';
import { defineOperation } from '../../db/outbox.ts';
import { deleteInquiry, sendReply } from './api.ts';

export const MESSAGE_DELETE = defineOperation<{ id: number }>('inquiry.delete', {
  tables: () => [db.inquiries],
  send: ({ id }, _files, _steps, key) => deleteInquiry(id, key),
  async applyLocal({ id }) {
    await db.inquiries.delete(id);
  },
  async onSent(_r, { id }) {
    await db.inquiries.delete(id);
  },
});

export const REPLY_SEND = defineOperation<ReplyInput, EmailResponse>('inquiry.reply', {
  tables: () => [],
  send: (input, _files, _steps, key) => sendReply(input, key),
});
