// Server-side sessions after the Lucia guide: random tokens, only their SHA-256 stored, expiry
// decided here. A session is one sign-in; its refresh tokens rotate and form one family.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import { schema, type Db, first } from '@app/db';
import type { SessionUser } from '../context.ts';

const MINUTE = 60_000;
export const sessionLifetimes = {
  /** Bearer tokens are short-lived; a stolen one is worth little. */
  accessMs: 15 * MINUTE,
  /** The session ends this long after sign-in or the last "extend session". */
  idleMs: 60 * MINUTE,
  /** A refresh token not used within this delay expires. */
  refreshIdleMs: 60 * MINUTE,
  /** No extension or refresh goes past this. */
  absoluteMs: 12 * 60 * MINUTE,
};

/** 256 random bits, URL-safe. */
const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newSessionId = () => randomBytes(16).toString('hex');

/** The looked-up row's hash is compared again without early exit (the guide's constant-time step). */
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export type IssuedTokens = {
  sessionId: string;
  accessToken: string;
  accessTokenExpiresAt: Date;
  refreshToken: string;
  expiresAt: Date;
  absoluteExpiresAt: Date;
};

export type RefreshOutcome =
  { ok: true; tokens: IssuedTokens; userId: number } | { ok: false; reason: 'unknown' | 'expired' | 'reused' | 'revoked' };

type SessionRow = typeof schema.authSessions.$inferSelect;
const alive = (s: SessionRow, now: number) => !s.revokedAt && s.expiresAt.getTime() > now && s.absoluteExpiresAt.getTime() > now;

export function createSessions(db: Db, lifetimes = sessionLifetimes) {
  async function issuePair(session: SessionRow, now: number): Promise<IssuedTokens> {
    const accessToken = newToken();
    const refreshToken = newToken();
    const accessTokenExpiresAt = new Date(Math.min(now + lifetimes.accessMs, session.expiresAt.getTime()));
    const refreshExpiresAt = new Date(Math.min(now + lifetimes.refreshIdleMs, session.absoluteExpiresAt.getTime()));
    await db
      .insert(schema.accessTokens)
      .values({ tokenHash: hashToken(accessToken), sessionId: session.id, expiresAt: accessTokenExpiresAt });
    await db
      .insert(schema.refreshTokens)
      .values({ tokenHash: hashToken(refreshToken), sessionId: session.id, expiresAt: refreshExpiresAt });
    return {
      sessionId: session.id,
      accessToken,
      accessTokenExpiresAt,
      refreshToken,
      expiresAt: session.expiresAt,
      absoluteExpiresAt: session.absoluteExpiresAt,
    };
  }

  /** Used less than graceMs ago, and no token of its family rotated since (so not an older one). */
  async function withinGrace(token: typeof schema.refreshTokens.$inferSelect, now: number, graceMs: number) {
    if (!token.usedAt || now - token.usedAt.getTime() > graceMs) return false;
    const later = await first(
      db
        .select({ hash: schema.refreshTokens.tokenHash })
        .from(schema.refreshTokens)
        .where(and(eq(schema.refreshTokens.sessionId, token.sessionId), gt(schema.refreshTokens.usedAt, token.usedAt))),
    );
    return !later;
  }

  async function revoke(sessionId: string, reason: string, now = Date.now()) {
    await db
      .update(schema.authSessions)
      .set({ revokedAt: new Date(now), revokedReason: reason })
      .where(and(eq(schema.authSessions.id, sessionId), isNull(schema.authSessions.revokedAt)));
    // The tokens are worthless now; removing them keeps the tables small.
    await db.delete(schema.accessTokens).where(eq(schema.accessTokens.sessionId, sessionId));
  }

  return {
    /** A new session (a new token pair at every sign-in). */
    async create(userId: number, now = Date.now()): Promise<IssuedTokens> {
      const absoluteExpiresAt = new Date(now + lifetimes.absoluteMs);
      const session = (
        await db
          .insert(schema.authSessions)
          .values({
            id: newSessionId(),
            userId,
            expiresAt: new Date(Math.min(now + lifetimes.idleMs, absoluteExpiresAt.getTime())),
            absoluteExpiresAt,
          })
          .returning()
      )[0]!;
      return issuePair(session, now);
    },

    /** The session and user behind a bearer token, or null when it is unknown, expired or revoked. */
    async authenticate(accessToken: string, now = Date.now()): Promise<{ user: SessionUser; session: SessionRow } | null> {
      const tokenHash = hashToken(accessToken);
      const row = await first(
        db
          .select({ token: schema.accessTokens, session: schema.authSessions, user: schema.users })
          .from(schema.accessTokens)
          .innerJoin(schema.authSessions, eq(schema.authSessions.id, schema.accessTokens.sessionId))
          .innerJoin(schema.users, eq(schema.users.id, schema.authSessions.userId))
          .where(eq(schema.accessTokens.tokenHash, tokenHash)),
      );
      if (!row || !sameHash(row.token.tokenHash, tokenHash)) return null;
      if (row.token.expiresAt.getTime() <= now || !alive(row.session, now)) return null;
      const { id, email, name, role, mustChangePassword } = row.user;
      return { user: { id, email, name, role, mustChangePassword }, session: row.session };
    },

    /**
     * Trades a refresh token for a new pair. Marking it used is one conditional UPDATE, so of two
     * racing uses only one wins; presenting a used token again revokes the whole session, except
     * the family's latest rotation presented again within `graceMs`: its answer was lost (a reload,
     * a dropped connection), so it gets a fresh pair in the same family (docs/decisions/013).
     */
    async refresh(refreshToken: string, now = Date.now(), graceMs = 0): Promise<RefreshOutcome> {
      const tokenHash = hashToken(refreshToken);
      const row = await first(
        db
          .select({ token: schema.refreshTokens, session: schema.authSessions })
          .from(schema.refreshTokens)
          .innerJoin(schema.authSessions, eq(schema.authSessions.id, schema.refreshTokens.sessionId))
          .where(eq(schema.refreshTokens.tokenHash, tokenHash)),
      );
      if (!row || !sameHash(row.token.tokenHash, tokenHash)) return { ok: false, reason: 'unknown' };
      if (row.session.revokedAt) return { ok: false, reason: 'revoked' };
      const claimed = await db
        .update(schema.refreshTokens)
        .set({ usedAt: new Date(now) })
        .where(and(eq(schema.refreshTokens.tokenHash, tokenHash), isNull(schema.refreshTokens.usedAt)))
        .returning({ hash: schema.refreshTokens.tokenHash });
      if (claimed.length === 0) {
        // Read the token again: a use racing this one (another pooled connection, another instance) may
        // have claimed it after the read above, and its usedAt decides the grace.
        const current = await first(db.select().from(schema.refreshTokens).where(eq(schema.refreshTokens.tokenHash, tokenHash)));
        if (current && (await withinGrace(current, now, graceMs)) && alive(row.session, now))
          return { ok: true, tokens: await issuePair(row.session, now), userId: row.session.userId };
        await revoke(row.session.id, 'refresh token reused', now);
        return { ok: false, reason: 'reused' };
      }
      if (row.token.expiresAt.getTime() <= now || !alive(row.session, now)) return { ok: false, reason: 'expired' };
      return { ok: true, tokens: await issuePair(row.session, now), userId: row.session.userId };
    },

    /** Pushes the session's end a full idle lifetime away, never past its absolute end. */
    async extend(sessionId: string, now = Date.now()): Promise<SessionRow | null> {
      const session = await first(db.select().from(schema.authSessions).where(eq(schema.authSessions.id, sessionId)));
      if (!session || !alive(session, now)) return null;
      const expiresAt = new Date(Math.min(now + lifetimes.idleMs, session.absoluteExpiresAt.getTime()));
      return (await db.update(schema.authSessions).set({ expiresAt }).where(eq(schema.authSessions.id, sessionId)).returning())[0] ?? null;
    },

    revoke,

    /** Ends every live session of a user, except the one given (after a password change). */
    async revokeAllForUser(userId: number, reason: string, exceptSessionId?: string, now = Date.now()) {
      const sessions = await db
        .select({ id: schema.authSessions.id })
        .from(schema.authSessions)
        .where(
          and(
            eq(schema.authSessions.userId, userId),
            isNull(schema.authSessions.revokedAt),
            exceptSessionId ? ne(schema.authSessions.id, exceptSessionId) : undefined,
          ),
        );
      for (const s of sessions) await revoke(s.id, reason, now);
    },

    /** Drops rows nobody can use any more. */
    async purgeExpired(now = Date.now()) {
      const at = new Date(now);
      await db.delete(schema.accessTokens).where(lt(schema.accessTokens.expiresAt, at));
      await db.delete(schema.authSessions).where(or(lt(schema.authSessions.absoluteExpiresAt, at), lt(schema.authSessions.expiresAt, at)));
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;

const perDb = new WeakMap<Db, Sessions>();
/** One sessions service per database (routes and middleware share it). */
export function sessionsFor(db: Db): Sessions {
  let sessions = perDb.get(db);
  if (!sessions) perDb.set(db, (sessions = createSessions(db)));
  return sessions;
}
