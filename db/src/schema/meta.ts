// Small key/value facts about this installation (seeded flag, secrets created on first start).
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { updatedAt } from './columns.ts';

export const appMeta = sqliteTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});
