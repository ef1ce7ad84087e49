// PostgreSQL column helpers, mirroring ../../schema/columns.ts: same names, same TypeScript types.
import { boolean, integer, text, timestamp as pgTimestamp } from 'drizzle-orm/pg-core';

export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/** Millisecond precision with a time zone, read back as a Date (SQLite's `timestamp_ms`). */
export const timestamp = (name: string) => pgTimestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

export const createdAt = () => timestamp('created_at').notNull().defaultNow();

export const updatedAt = () => timestamp('updated_at').notNull().defaultNow();

export const bool = (name: string) => boolean(name);

/** An uploaded file's columns (documents): its kind (pdf, image, video…), MIME type, generated file name under DATA_DIR, the name it was sent with, size and downloads. */
export const storedFile = () => ({
  type: text('type').notNull(),
  mimeType: text('mime_type').notNull(),
  storageKey: text('storage_key').notNull().unique(),
  originalFilename: text('original_filename').notNull(),
  size: integer('size').notNull(),
  downloadCount: integer('download_count').notNull().default(0),
});
