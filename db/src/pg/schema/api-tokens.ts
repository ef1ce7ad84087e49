// API tokens: the PostgreSQL mirror of ../../schema/api-tokens.ts.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamp } from './columns.ts';
import { users } from './auth.ts';

export const apiTokens = pgTable(
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
