// Checks a password under the sign-in limits: per client address and per account, with the same
// work and the same answer whether the account exists or not.
import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createThrottle, type ThrottleRule } from './auth-throttle.ts';

const MINUTE = 60_000;
export const loginLimits: { address: ThrottleRule; account: ThrottleRule } = {
  /** Failed attempts from one address, whatever the accounts tried. */
  address: { limit: 20, windowMs: 15 * MINUTE },
  /** Failed attempts on one account (or one unknown e-mail), whatever the addresses. */
  account: { limit: 10, windowMs: 15 * MINUTE },
};

export type LoginAttempt = { ip: string; account: string; passwordHash: string | undefined; password: string };
export type AttemptOutcome = { limited: true; retryAfterMs: number } | { limited: false; ok: boolean };

export function createLoginGuard(limits = loginLimits) {
  const byAddress = createThrottle(limits.address);
  const byAccount = createThrottle(limits.account);
  // Unknown accounts are verified against this, so they cost the same time as a wrong password.
  const dummyHash = hashPassword(randomBytes(18).toString('base64url'));

  return {
    addressWait: (ip: string) => byAddress.retryAfterMs(ip),

    async attempt({ ip, account, passwordHash, password }: LoginAttempt): Promise<AttemptOutcome> {
      // Both checks and both reservations happen in one synchronous step: no burst slips between.
      const wait = Math.max(byAddress.retryAfterMs(ip), byAccount.retryAfterMs(account));
      const address = wait ? null : byAddress.begin(ip);
      const acct = wait ? null : byAccount.begin(account);
      if (!address?.ok || !acct?.ok) return { limited: true, retryAfterMs: wait || 1000 };
      let ok = false;
      try {
        ok = (await verifyPassword(passwordHash ?? (await dummyHash), password)) && passwordHash !== undefined;
      } finally {
        address.finish(!ok);
        acct.finish(!ok);
      }
      if (ok) byAccount.clear(account);
      return { limited: false, ok };
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
