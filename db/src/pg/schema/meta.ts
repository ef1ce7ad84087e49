// Installation facts: the PostgreSQL mirror of ../../schema/meta.ts.
import { pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});
