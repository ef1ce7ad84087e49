// Administrators and their sessions (Lucia-guide style: only token hashes are stored).
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, id, timestamp, updatedAt } from './columns.ts';

export const users = sqliteTable('users', {
  id: id(),
  email: text('email').notNull().unique(), // stored lower-cased
  name: text('name').notNull(),
  role: text('role').notNull().default('admin'),
  passwordHash: text('password_hash').notNull(),
  mustChangePassword: bool('must_change_password').notNull().default(true),
  passwordChangedAt: timestamp('password_changed_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One sign-in. Its refresh tokens form one rotation family; revoking it ends them all. */
export const authSessions = sqliteTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(), // random, not secret
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at').notNull(), // extendable (the admin's "extend session")
    absoluteExpiresAt: timestamp('absolute_expires_at').notNull(),
    revokedAt: timestamp('revoked_at'),
    revokedReason: text('revoked_reason'),
    /** The family's only live refresh token (its hash): a rotation swaps it in one conditional update. */
    refreshTokenHash: text('refresh_token_hash'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Short-lived bearer tokens; SHA-256 of the token is the key. */
export const accessTokens = sqliteTable(
  'access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at').notNull(),
    /** The refresh token issued with it: retiring that one (a grace retry) retires this one too. */
    refreshTokenHash: text('refresh_token_hash'),
    createdAt: createdAt(),
  },
  (t) => [index('access_tokens_session_idx').on(t.sessionId)],
);

/** Rotating refresh tokens; a used one presented again revokes its session (the family). */
export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at').notNull(), // idle lifetime
    usedAt: timestamp('used_at'),
    /** The token rotated into this one (null for a sign-in's first). */
    parentHash: text('parent_hash'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);
