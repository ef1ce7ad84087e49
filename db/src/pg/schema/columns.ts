// PostgreSQL column helpers, mirroring ../../schema/columns.ts: same names, same TypeScript types.
import { boolean, integer, timestamp as pgTimestamp } from 'drizzle-orm/pg-core';

export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/** Millisecond precision with a time zone, read back as a Date (SQLite's `timestamp_ms`). */
export const timestamp = (name: string) => pgTimestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

export const createdAt = () => timestamp('created_at').notNull().defaultNow();

export const updatedAt = () => timestamp('updated_at').notNull().defaultNow();

export const bool = (name: string) => boolean(name);
