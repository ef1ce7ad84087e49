// Checks a password under the sign-in limits: per client address and per account, with the same
// work and the same answer whether the account exists or not.
import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { Db } from '@app/db';
import { createThrottle, reserveAttempts, type LimitRule } from './shared-limits.ts';

const MINUTE = 60_000;
export const loginLimits: { address: LimitRule; account: LimitRule } = {
  /** Failed attempts from one address, whatever the accounts tried. */
  address: { limit: 20, windowMs: 15 * MINUTE },
  /** Failed attempts on one account (or one unknown e-mail), whatever the addresses. */
  account: { limit: 10, windowMs: 15 * MINUTE },
};

export type LoginAttempt = { ip: string; account: string; passwordHash: string | undefined; password: string };
export type AttemptOutcome = { limited: true; retryAfterMs: number } | { limited: false; ok: boolean };

/** The sign-in limits, counted in the database so that every instance counts the same attempts (docs/decisions/085). */
export function createLoginGuard(db: Db, limits = loginLimits) {
  const byAddress = createThrottle(db, 'login-address', limits.address);
  const byAccount = createThrottle(db, 'login-account', limits.account);
  // Unknown accounts are verified against this, so they cost the same time as a wrong password.
  const dummyHash = hashPassword(randomBytes(18).toString('base64url'));

  return {
    addressWait: (ip: string) => byAddress.retryAfterMs(ip),

    async attempt({ ip, account, passwordHash, password }: LoginAttempt): Promise<AttemptOutcome> {
      // Both checks and both reservations happen in one transaction: no burst slips between.
      const reserved = await reserveAttempts(db, [
        [byAddress, ip],
        [byAccount, account],
      ]);
      if (!reserved.ok) return { limited: true, retryAfterMs: reserved.retryAfterMs };
      const [addressAttempt, accountAttempt] = reserved.ids as [number, number];
      let ok = false;
      try {
        ok = (await verifyPassword(passwordHash ?? (await dummyHash), password)) && passwordHash !== undefined;
      } finally {
        await byAddress.finish(addressAttempt, !ok);
        await byAccount.finish(accountAttempt, !ok);
      }
      if (ok) await byAccount.clear(account);
      return { limited: false, ok };
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
