// Server-side sessions after the Lucia guide: random tokens, only their SHA-256 stored, expiry
// decided here. A session is one sign-in; its refresh tokens rotate and form one family.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import { tablesOf, type schema, type Db, type Queryable, first } from '@app/db';
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
export const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

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
  const tables = tablesOf(db);
  /** The tokens a rotation hands out; their rows are written by `writePair`, in the rotation's transaction. */
  function newPair(session: Pick<SessionRow, 'id' | 'expiresAt' | 'absoluteExpiresAt'>, now: number) {
    const accessToken = newToken();
    const refreshToken = newToken();
    const tokens: IssuedTokens = {
      sessionId: session.id,
      accessToken,
      accessTokenExpiresAt: new Date(Math.min(now + lifetimes.accessMs, session.expiresAt.getTime())),
      refreshToken,
      expiresAt: session.expiresAt,
      absoluteExpiresAt: session.absoluteExpiresAt,
    };
    return { tokens, refreshHash: hashToken(refreshToken), accessHash: hashToken(accessToken) };
  }

  async function writePair(tx: Queryable, session: SessionRow, pair: ReturnType<typeof newPair>, parentHash: string | null, now: number) {
    const refreshExpiresAt = new Date(Math.min(now + lifetimes.refreshIdleMs, session.absoluteExpiresAt.getTime()));
    await tx
      .insert(tables.refreshTokens)
      .values({ tokenHash: pair.refreshHash, sessionId: session.id, expiresAt: refreshExpiresAt, parentHash });
    await tx.insert(tables.accessTokens).values({
      tokenHash: pair.accessHash,
      sessionId: session.id,
      expiresAt: pair.tokens.accessTokenExpiresAt,
      refreshTokenHash: pair.refreshHash,
    });
  }

  /**
   * Makes a new pair the family's only live one if its live refresh token is still `live`: one conditional
   * UPDATE of the session row, so of racing rotations exactly one replaces a given token. In the same
   * transaction the parent is marked used and, on a grace retry, the child it replaces is retired with its
   * access token. null when a racing rotation swapped first.
   */
  async function rotate(session: SessionRow, live: string | null, parentHash: string, now: number): Promise<IssuedTokens | null> {
    const pair = newPair(session, now);
    return db.transaction(async (tx) => {
      const swapped = await tx
        .update(tables.authSessions)
        .set({ refreshTokenHash: pair.refreshHash })
        .where(
          and(
            eq(tables.authSessions.id, session.id),
            isNull(tables.authSessions.revokedAt),
            live === null ? isNull(tables.authSessions.refreshTokenHash) : eq(tables.authSessions.refreshTokenHash, live),
          ),
        )
        .returning({ id: tables.authSessions.id });
      if (swapped.length === 0) return null;
      await tx
        .update(tables.refreshTokens)
        .set({ usedAt: new Date(now) })
        .where(and(eq(tables.refreshTokens.tokenHash, parentHash), isNull(tables.refreshTokens.usedAt)));
      if (live !== null && live !== parentHash) await tx.delete(tables.accessTokens).where(eq(tables.accessTokens.refreshTokenHash, live));
      await writePair(tx, session, pair, parentHash, now);
      return pair.tokens;
    });
  }

  async function revoke(sessionId: string, reason: string, now = Date.now()) {
    await db
      .update(tables.authSessions)
      .set({ revokedAt: new Date(now), revokedReason: reason })
      .where(and(eq(tables.authSessions.id, sessionId), isNull(tables.authSessions.revokedAt)));
    // The tokens are worthless now; removing them keeps the tables small.
    await db.delete(tables.accessTokens).where(eq(tables.accessTokens.sessionId, sessionId));
  }

  /** The token a refresh token was rotated from: the live token's parent is the family's latest rotation. */
  async function parentOf(tokenHash: string) {
    return (
      await first(
        db
          .select({ parent: tables.refreshTokens.parentHash })
          .from(tables.refreshTokens)
          .where(eq(tables.refreshTokens.tokenHash, tokenHash)),
      )
    )?.parent;
  }

  return {
    /** A new session (a new token pair at every sign-in). */
    async create(userId: number, now = Date.now()): Promise<IssuedTokens> {
      const absoluteExpiresAt = new Date(now + lifetimes.absoluteMs);
      const expiresAt = new Date(Math.min(now + lifetimes.idleMs, absoluteExpiresAt.getTime()));
      const pair = newPair({ id: newSessionId(), expiresAt, absoluteExpiresAt }, now);
      return db.transaction(async (tx) => {
        const session = (
          await tx
            .insert(tables.authSessions)
            .values({ id: pair.tokens.sessionId, userId, expiresAt, absoluteExpiresAt, refreshTokenHash: pair.refreshHash })
            .returning()
        )[0]!;
        await writePair(tx, session, pair, null, now);
        return pair.tokens;
      });
    },

    /** The session and user behind a bearer token, or null when it is unknown, expired or revoked. */
    async authenticate(accessToken: string, now = Date.now()): Promise<{ user: SessionUser; session: SessionRow } | null> {
      const tokenHash = hashToken(accessToken);
      const row = await first(
        db
          .select({ token: tables.accessTokens, session: tables.authSessions, user: tables.users })
          .from(tables.accessTokens)
          .innerJoin(tables.authSessions, eq(tables.authSessions.id, tables.accessTokens.sessionId))
          .innerJoin(tables.users, eq(tables.users.id, tables.authSessions.userId))
          .where(eq(tables.accessTokens.tokenHash, tokenHash)),
      );
      if (!row || !sameHash(row.token.tokenHash, tokenHash)) return null;
      if (row.token.expiresAt.getTime() <= now || !alive(row.session, now)) return null;
      const { id, email, name, role, mustChangePassword } = row.user;
      return { user: { id, email, name, role, mustChangePassword }, session: row.session };
    },

    /**
     * Trades a refresh token for a new pair. The session row names the family's only live refresh token
     * and a rotation swaps it in one conditional UPDATE, so a family never has two. Presenting any other
     * token of the family revokes the whole session, except the family's latest rotated token presented
     * again within `graceMs`: its answer was lost (a reload, a dropped connection), so it gets a fresh pair
     * that replaces the one it lost (docs/decisions/013).
     */
    async refresh(refreshToken: string, now = Date.now(), graceMs = 0): Promise<RefreshOutcome> {
      const tokenHash = hashToken(refreshToken);
      // Each lost swap means a racing use rotated first; reading again decides. Bounded, in case of a storm.
      for (let round = 0; round < 10; round++) {
        const row = await first(
          db
            .select({ token: tables.refreshTokens, session: tables.authSessions })
            .from(tables.refreshTokens)
            .innerJoin(tables.authSessions, eq(tables.authSessions.id, tables.refreshTokens.sessionId))
            .where(eq(tables.refreshTokens.tokenHash, tokenHash)),
        );
        if (!row || !sameHash(row.token.tokenHash, tokenHash)) return { ok: false, reason: 'unknown' };
        const { token, session } = row;
        if (session.revokedAt) return { ok: false, reason: 'revoked' };
        const live = session.refreshTokenHash;
        // A session from before the live token was recorded (null): its unused tokens may rotate, once.
        if (!token.usedAt && (live === null || live === tokenHash)) {
          if (token.expiresAt.getTime() <= now || !alive(session, now)) return { ok: false, reason: 'expired' };
          const tokens = await rotate(session, live, tokenHash, now);
          if (tokens) return { ok: true, tokens, userId: session.userId };
          continue;
        }
        if (
          live !== null &&
          token.usedAt &&
          now - token.usedAt.getTime() <= graceMs &&
          alive(session, now) &&
          (await parentOf(live)) === tokenHash
        ) {
          const tokens = await rotate(session, live, tokenHash, now);
          if (tokens) return { ok: true, tokens, userId: session.userId };
          continue;
        }
        await revoke(session.id, 'refresh token reused', now);
        return { ok: false, reason: 'reused' };
      }
      return { ok: false, reason: 'unknown' };
    },

    /** The session's row, whatever its state. */
    find: (sessionId: string): Promise<SessionRow | undefined> =>
      first(db.select().from(tables.authSessions).where(eq(tables.authSessions.id, sessionId))),

    /** Pushes the session's end a full idle lifetime away, never past its absolute end. */
    async extend(sessionId: string, now = Date.now()): Promise<SessionRow | null> {
      const session = await first(db.select().from(tables.authSessions).where(eq(tables.authSessions.id, sessionId)));
      if (!session || !alive(session, now)) return null;
      const expiresAt = new Date(Math.min(now + lifetimes.idleMs, session.absoluteExpiresAt.getTime()));
      return (await db.update(tables.authSessions).set({ expiresAt }).where(eq(tables.authSessions.id, sessionId)).returning())[0] ?? null;
    },

    revoke,

    /** Ends every live session of a user, except the one given (after a password change). */
    async revokeAllForUser(userId: number, reason: string, exceptSessionId?: string, now = Date.now()) {
      const sessions = await db
        .select({ id: tables.authSessions.id })
        .from(tables.authSessions)
        .where(
          and(
            eq(tables.authSessions.userId, userId),
            isNull(tables.authSessions.revokedAt),
            exceptSessionId ? ne(tables.authSessions.id, exceptSessionId) : undefined,
          ),
        );
      for (const s of sessions) await revoke(s.id, reason, now);
    },

    /** Drops rows nobody can use any more. */
    async purgeExpired(now = Date.now()) {
      const at = new Date(now);
      await db.delete(tables.accessTokens).where(lt(tables.accessTokens.expiresAt, at));
      await db.delete(tables.authSessions).where(or(lt(tables.authSessions.absoluteExpiresAt, at), lt(tables.authSessions.expiresAt, at)));
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
