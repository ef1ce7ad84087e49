// Column helpers shared by every table group: one way to write ids and timestamps.
import { sql } from 'drizzle-orm';
import { integer, text } from 'drizzle-orm/sqlite-core';

export const id = () => integer('id').primaryKey({ autoIncrement: true });

/** Milliseconds since the epoch, read back as a Date. */
export const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });

export const createdAt = () =>
  timestamp('created_at')
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const updatedAt = () =>
  timestamp('updated_at')
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const bool = (name: string) => integer(name, { mode: 'boolean' });

/** An uploaded file's columns (documents): its kind (pdf, image, video…), MIME type, generated file name under DATA_DIR, the name it was sent with, size and downloads. */
export const storedFile = () => ({
  type: text('type').notNull(),
  mimeType: text('mime_type').notNull(),
  storageKey: text('storage_key').notNull().unique(),
  originalFilename: text('original_filename').notNull(),
  size: integer('size').notNull(),
  downloadCount: integer('download_count').notNull().default(0),
});
