// API tokens for integrators (issue 37, docs/decisions/130): `pm_` and 256 random bits, shown once,
// stored as their SHA-256 only, looked up by it and compared again in constant time.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { first, tablesOf, type schema, type Db, type Queryable } from '@app/db';
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenAccess,
  type ApiTokenCreate,
  type ApiTokenPermissions,
} from '@app/domain/api-tokens';
import type { SessionUser } from '../context.ts';
import { hashToken, sameHash } from './sessions.ts';

const DAY = 24 * 60 * 60_000;
/** lastUsedAt is written at most this often per token: one UPDATE a minute, not one per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

type Row = typeof schema.apiTokens.$inferSelect;

export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);
const newValue = () => `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

export type TokenCaller = {
  id: number;
  access: ApiTokenAccess;
  permissions: ApiTokenPermissions | null;
  /** The administrator who created the token: the token acts in their name. */
  user: SessionUser;
};
export type TokenOutcome = { ok: true; token: TokenCaller } | { ok: false; reason: 'expired' | 'revoked' };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const toApiToken = (r: Row): ApiToken => ({
  id: r.id,
  name: r.name,
  description: r.description,
  access: r.access as ApiTokenAccess,
  permissions: r.permissions ? (JSON.parse(r.permissions) as ApiTokenPermissions) : null,
  createdAt: r.createdAt.toISOString(),
  expiresAt: iso(r.expiresAt),
  lastUsedAt: iso(r.lastUsedAt),
});

export function apiTokensFor(db: Db) {
  const tables = tablesOf(db);
  const { apiTokens: t } = tables;
  return {
    async list(): Promise<ApiToken[]> {
      return (await db.select().from(t).orderBy(desc(t.createdAt), desc(t.id))).map(toApiToken);
    },

    async create(input: ApiTokenCreate, createdBy: number, now: number): Promise<ApiToken & { token: string }> {
      const value = newValue();
      const [row] = await db
        .insert(t)
        .values({
          name: input.name,
          description: input.description,
          access: input.access,
          permissions: input.access === 'custom' ? JSON.stringify(input.permissions) : null,
          tokenHash: hashToken(value),
          createdBy,
          createdAt: new Date(now),
          expiresAt: input.expiresInDays === null ? null : new Date(now + input.expiresInDays * DAY),
        })
        .returning();
      return { ...toApiToken(row!), token: value };
    },

    /** A new value in place of the old one, in one UPDATE: the old value stops working at once. Null when unknown. */
    async regenerate(id: number): Promise<(ApiToken & { token: string }) | null> {
      const value = newValue();
      const [row] = await db
        .update(t)
        .set({ tokenHash: hashToken(value) })
        .where(eq(t.id, id))
        .returning();
      return row ? { ...toApiToken(row), token: value } : null;
    },

    /** On `q`: a route runs it in the transaction that records its Idempotency-Key. */
    async revoke(q: Queryable, id: number): Promise<boolean> {
      return (await q.delete(t).where(eq(t.id, id)).returning({ id: t.id })).length > 0;
    },

    /** The token behind a `pm_` bearer value, or why it no longer works (an unknown value was revoked or regenerated). */
    async authenticate(value: string, now: number): Promise<TokenOutcome> {
      const tokenHash = hashToken(value);
      const row = await first(
        db
          .select({ token: t, user: tables.users })
          .from(t)
          .innerJoin(tables.users, eq(tables.users.id, t.createdBy))
          .where(eq(t.tokenHash, tokenHash)),
      );
      if (!row || !sameHash(row.token.tokenHash, tokenHash)) return { ok: false, reason: 'revoked' };
      if (row.token.expiresAt && row.token.expiresAt.getTime() <= now) return { ok: false, reason: 'expired' };
      if (!row.token.lastUsedAt || row.token.lastUsedAt.getTime() <= now - LAST_USED_RESOLUTION_MS) {
        // Conditional, so concurrent requests of one token write it once.
        await db
          .update(t)
          .set({ lastUsedAt: new Date(now) })
          .where(and(eq(t.id, row.token.id), or(isNull(t.lastUsedAt), lt(t.lastUsedAt, new Date(now - LAST_USED_RESOLUTION_MS + 1)))));
      }
      const { id, email, name, role } = row.user;
      return {
        ok: true,
        token: {
          id: row.token.id,
          access: row.token.access as ApiTokenAccess,
          permissions: row.token.permissions ? (JSON.parse(row.token.permissions) as ApiTokenPermissions) : null,
          // A token never changes a password: a pending change does not stop it.
          user: { id, email, name, role, mustChangePassword: false },
        },
      };
    },
  };
}
