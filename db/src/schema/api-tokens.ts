// API tokens for integrators (issue 37): only the SHA-256 of the value is kept, looked up by it.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id, timestamp } from './columns.ts';
import { users } from './auth.ts';

export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    /** 'read-only' | 'full' | 'custom' */
    access: text('access').notNull(),
    /** custom only: JSON `{ resource: ['read' | 'write', ...] }`. */
    permissions: text('permissions'),
    tokenHash: text('token_hash').notNull().unique(),
    /** The administrator who created it; the token acts in their name. */
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at'),
    lastUsedAt: timestamp('last_used_at'),
  },
  (t) => [index('api_tokens_created_by_idx').on(t.createdBy)],
);
