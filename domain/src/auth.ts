// Sign-in, session and password-change contract shared by the API and the admin PWA, with the
// password policy of the spec (public-site.txt §5, back-office.txt "Password change").
import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only keeps hashing cost bounded. */
export const PASSWORD_MAX_LENGTH = 256;

export type PasswordRule = {
  id: 'length' | 'uppercase' | 'lowercase' | 'digit' | 'special';
  label: string;
  test: (password: string) => boolean;
};

/** In the spec's order; the labels are its exact texts. Unicode-aware: 'É' is an uppercase letter. */
export const passwordRules: readonly PasswordRule[] = [
  { id: 'length', label: 'Au moins 8 caractères', test: (p) => [...p].length >= PASSWORD_MIN_LENGTH },
  { id: 'uppercase', label: 'Au moins une majuscule', test: (p) => /\p{Lu}/u.test(p) },
  { id: 'lowercase', label: 'Au moins une minuscule', test: (p) => /\p{Ll}/u.test(p) },
  { id: 'digit', label: 'Au moins un chiffre', test: (p) => /\p{Nd}/u.test(p) },
  { id: 'special', label: 'Au moins un caractère spécial', test: (p) => /[^\p{L}\p{N}\s]/u.test(p) },
];

export const passwordMessages = {
  currentRequired: 'Le mot de passe actuel est requis',
  mismatch: 'Les mots de passe ne correspondent pas',
  mustContain: 'Le mot de passe doit contenir: ',
  sameAsOld: "Le nouveau mot de passe doit être différent de l'ancien",
  tooLong: `Le mot de passe ne doit pas dépasser ${PASSWORD_MAX_LENGTH} caractères`,
  strong: 'Mot de passe fort',
  currentWrong: 'Mot de passe actuel incorrect',
  changeFailed: 'Erreur lors du changement de mot de passe',
} as const;

/** The rules a password does not meet yet, in the spec's order (for live hints). */
export const missingPasswordRules = (password: string) => passwordRules.filter((rule) => !rule.test(password));

export const isStrongPassword = (password: string) => missingPasswordRules(password).length === 0;

/** 'Le mot de passe doit contenir: Au moins une majuscule, Au moins un chiffre', or null when strong. */
export function passwordPolicyError(password: string): string | null {
  if ([...password].length > PASSWORD_MAX_LENGTH) return passwordMessages.tooLong;
  const missing = missingPasswordRules(password);
  return missing.length ? passwordMessages.mustContain + missing.map((r) => r.label).join(', ') : null;
}

export type PasswordChangeInput = { currentPassword?: string; newPassword?: string; confirmPassword?: string };

/**
 * The first broken rule of a password change, checked in the spec's order, or null. The confirmation
 * is compared only when given (API clients send just the two passwords).
 */
export function passwordChangeError({ currentPassword = '', newPassword = '', confirmPassword }: PasswordChangeInput): string | null {
  if (!currentPassword) return passwordMessages.currentRequired;
  if (confirmPassword !== undefined && confirmPassword !== newPassword) return passwordMessages.mismatch;
  const policy = passwordPolicyError(newPassword);
  if (policy) return policy;
  if (newPassword === currentPassword) return passwordMessages.sameAsOld;
  return null;
}

// ---- Request bodies -------------------------------------------------------------------------

/** The e-mail is only a lookup key here: no format check, so a typo answers like a wrong password. */
export const LoginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254),
  password: z.string().min(1).max(1024),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** API clients send the refresh token in the body; the admin PWA relies on its cookie instead. */
export const RefreshSchema = z.object({ refreshToken: z.string().min(1).max(512).optional() });
export type RefreshInput = z.infer<typeof RefreshSchema>;

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().max(1024).default(''),
    newPassword: z.string().max(1024).default(''),
    confirmPassword: z.string().max(1024).optional(),
  })
  .superRefine((value, ctx) => {
    const error = passwordChangeError(value);
    if (error)
      ctx.addIssue({
        code: 'custom',
        message: error,
        path: [error === passwordMessages.currentRequired ? 'currentPassword' : 'newPassword'],
      });
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

// ---- Responses ------------------------------------------------------------------------------

export type AuthUser = { id: number; name: string; email: string; role: string; mustChangePassword: boolean };

export type SessionInfo = {
  /** When the session ends unless extended (ISO 8601); the admin warns 5 minutes before. */
  expiresAt: string;
  /** The hard limit no extension can pass (ISO 8601). */
  absoluteExpiresAt: string;
};

export type TokenPair = {
  accessToken: string;
  /** Absent when the client asked for the cookie transport (the admin PWA). */
  refreshToken?: string;
  /** When the access token stops working (ISO 8601); refresh before or on the first 401. */
  accessTokenExpiresAt: string;
};

export type LoginResponse = TokenPair & SessionInfo & { user: AuthUser };
