// Argon2id password hashing with the OWASP parameters (19 MiB, t=2, p=1).
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const options = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 /* Argon2id */ } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A password that meets the policy: letters of both cases, digits and a special character. */
export function generatePassword(): string {
  const core = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `${core}A7!b`;
}
