import { describe, expect, it } from 'vitest';
import {
  ChangePasswordSchema,
  LoginSchema,
  isStrongPassword,
  missingPasswordRules,
  passwordChangeError,
  passwordPolicyError,
  passwordRules,
} from './auth.ts';

describe('password policy', () => {
  it('lists the five rules with the spec labels, in the spec order', () => {
    expect(passwordRules.map((r) => r.label)).toEqual([
      'Au moins 8 caractères',
      'Au moins une majuscule',
      'Au moins une minuscule',
      'Au moins un chiffre',
      'Au moins un caractère spécial',
    ]);
  });

  it.each([
    ['length', 'Ab1!xyz', true],
    ['length', 'Ab1!xyzw', false],
    ['uppercase', 'abcdef1!', true],
    ['lowercase', 'ABCDEF1!', true],
    ['digit', 'Abcdefg!', true],
    ['special', 'Abcdefg1', true],
    ['special', 'Abcdef 1', true],
  ])('reports the %s rule for %j: missing=%s', (id, password, missing) => {
    expect(missingPasswordRules(password).some((r) => r.id === id)).toBe(missing);
  });

  it('names every missing rule after "Le mot de passe doit contenir: ", in order', () => {
    expect(passwordPolicyError('')).toBe(
      'Le mot de passe doit contenir: Au moins 8 caractères, Au moins une majuscule, Au moins une minuscule, Au moins un chiffre, Au moins un caractère spécial',
    );
    expect(passwordPolicyError('abcdefgh')).toBe(
      'Le mot de passe doit contenir: Au moins une majuscule, Au moins un chiffre, Au moins un caractère spécial',
    );
    expect(passwordPolicyError('ABCDEFG1')).toBe('Le mot de passe doit contenir: Au moins une minuscule, Au moins un caractère spécial');
  });

  it('accepts a password meeting every rule, accented letters and long passphrases included', () => {
    expect(passwordPolicyError('Abcdef1!')).toBeNull();
    expect(isStrongPassword('Élégant-moteur-9')).toBe(true);
    expect(isStrongPassword(`Aa1!${'x'.repeat(120)}`)).toBe(true);
  });

  it('counts characters, not UTF-16 units, for the length rule', () => {
    expect(missingPasswordRules('Aé1!🚤🚤🚤').map((r) => r.id)).toContain('length');
  });

  it('refuses passwords longer than 256 characters', () => {
    expect(passwordPolicyError(`Aa1!${'x'.repeat(253)}`)).toBe('Le mot de passe ne doit pas dépasser 256 caractères');
  });
});

describe('password change rules, checked in the spec order', () => {
  it('1. requires the current password first, whatever else is wrong', () => {
    expect(passwordChangeError({ currentPassword: '', newPassword: 'x', confirmPassword: 'y' })).toBe('Le mot de passe actuel est requis');
  });

  it('2. then compares the new password with its confirmation', () => {
    expect(passwordChangeError({ currentPassword: 'old', newPassword: 'x', confirmPassword: 'y' })).toBe(
      'Les mots de passe ne correspondent pas',
    );
  });

  it('3. then applies the policy', () => {
    expect(passwordChangeError({ currentPassword: 'old', newPassword: 'short', confirmPassword: 'short' })).toMatch(
      /^Le mot de passe doit contenir: Au moins 8 caractères/,
    );
  });

  it('4. then requires a different password', () => {
    expect(passwordChangeError({ currentPassword: 'Same-Passw0rd', newPassword: 'Same-Passw0rd' })).toBe(
      "Le nouveau mot de passe doit être différent de l'ancien",
    );
  });

  it('accepts a valid change, with or without a confirmation', () => {
    expect(passwordChangeError({ currentPassword: 'old', newPassword: 'New-Passw0rd' })).toBeNull();
    expect(passwordChangeError({ currentPassword: 'old', newPassword: 'New-Passw0rd', confirmPassword: 'New-Passw0rd' })).toBeNull();
  });

  it('turns a missing field into the spec message and a wrong type into an error naming the field', () => {
    const missing = ChangePasswordSchema.safeParse({ newPassword: 'New-Passw0rd' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({ message: 'Le mot de passe actuel est requis', path: ['currentPassword'] });
    const wrongType = ChangePasswordSchema.safeParse({ currentPassword: 12, newPassword: 'New-Passw0rd' });
    expect(wrongType.error?.issues[0]?.path).toEqual(['currentPassword']);
  });
});

describe('sign-in body', () => {
  it('normalises the e-mail so one account has one spelling', () => {
    expect(LoginSchema.parse({ email: '  Admin@Example.TEST ', password: 'x', extra: 1 })).toEqual({
      email: 'admin@example.test',
      password: 'x',
    });
  });

  it('requires both fields as strings', () => {
    expect(LoginSchema.safeParse({ email: 'a@b.c' }).error?.issues[0]?.path).toEqual(['password']);
    expect(LoginSchema.safeParse({ email: ['a@b.c'], password: 'x' }).error?.issues[0]?.path).toEqual(['email']);
  });
});
