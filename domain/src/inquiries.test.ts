import { describe, expect, it } from 'vitest';
import { InquiryInputSchema } from './inquiries.ts';
import { inquiryErrorIn, inquiryFieldErrors, inquiryInputOf, serverFieldError, serverFieldErrors } from './inquiry-rules.ts';

const valid = { name: 'Jean Martin', email: 'jean@example.org', message: 'Bonjour', language: 'fr' as const };

describe('contact form errors in the page language', () => {
  it('names each bad field once, in French or English', () => {
    expect(inquiryFieldErrors({ ...valid, name: ' ', email: 'jean@', message: '' }, 'fr')).toEqual({
      name: 'Le nom est requis',
      email: 'Adresse e-mail invalide',
      message: 'Le message est requis',
    });
    expect(inquiryFieldErrors({ ...valid, name: '', email: '' }, 'en')).toEqual({
      name: 'Please enter your name',
      email: 'Please enter your email address',
    });
    expect(inquiryFieldErrors({ ...valid, phone: '0'.repeat(41) }, 'en')).toEqual({ phone: '40 characters at most' });
    expect(inquiryFieldErrors(valid, 'en')).toEqual({});
  });
  it('reads the API’s 400 answer as a field and its message', () => {
    expect(serverFieldError({ errors: [{ field: 'email', message: 'Please enter a valid email address' }] })).toEqual({
      field: 'email',
      message: 'Please enter a valid email address',
    });
    expect(serverFieldError({ errors: [{ field: 'message', message: '5000 caractères au maximum' }] })).toEqual({
      field: 'message',
      message: '5000 caractères au maximum',
    });
    expect(serverFieldError({ errors: [{ field: 'language', message: 'Langue invalide' }] })).toBeNull();
    expect(serverFieldError({})).toBeNull();
  });
  it('reads every field the API’s 400 answer names, each with its first message', () => {
    expect(
      serverFieldErrors({
        errors: [
          { field: 'language', message: 'Langue invalide' },
          { field: 'name', message: 'Le nom est requis' },
          { field: 'email', message: 'Adresse e-mail invalide' },
          { field: 'name', message: '200 caractères au maximum' },
          { field: 'message', message: 42 },
        ],
      }),
    ).toEqual({ name: 'Le nom est requis', email: 'Adresse e-mail invalide' });
    expect(serverFieldErrors(null)).toEqual({});
  });
  it('words the API’s French message ids as the form does, in the page’s language', () => {
    expect(inquiryErrorIn('Le nom est requis', 'en')).toBe('Please enter your name');
    expect(inquiryErrorIn('Le nom est requis', 'fr')).toBe('Le nom est requis');
    expect(inquiryErrorIn("L'adresse e-mail est requise", 'en')).toBe('Please enter your email address');
    expect(inquiryErrorIn('5000 caractères au maximum', 'en')).toBe('5000 characters at most');
    expect(inquiryErrorIn('40 caractères au maximum', 'fr')).toBe('40 caractères au maximum');
    expect(inquiryErrorIn('Langue invalide', 'en')).toBeNull();
  });
  it('builds the same input for the island’s call and the page’s post', () => {
    expect(
      inquiryInputOf({ name: 'Jean', email: 'jean@example.org', phone: '', message: 'Bonjour', website: '' }, 'en', '#3 – Moteur'),
    ).toEqual({
      name: 'Jean',
      email: 'jean@example.org',
      phone: undefined,
      message: 'Bonjour',
      language: 'en',
      productReference: '#3 – Moteur',
      website: '',
    });
    expect(InquiryInputSchema.safeParse(inquiryInputOf({}, 'fr', '')).success).toBe(false);
  });
});

describe('the form’s own check and the API’s schema', () => {
  it('refuse the same fields with the same French messages', () => {
    const samples = [
      valid,
      { ...valid, name: '' },
      { ...valid, name: '\r\n\t' },
      { ...valid, name: 'x'.repeat(201) },
      { ...valid, name: 'x'.repeat(401) },
      { ...valid, email: '' },
      { ...valid, email: ' a@b.c ' },
      { ...valid, email: 'a@b' },
      { ...valid, email: `${'a'.repeat(250)}@b.fr` },
      { ...valid, phone: '0'.repeat(40) },
      { ...valid, phone: '0'.repeat(41) },
      { ...valid, message: '   ' },
      { ...valid, message: 'x'.repeat(5001) },
      { name: '', email: 'nope', message: '', language: 'en' as const },
    ];
    for (const sample of samples) {
      const result = InquiryInputSchema.safeParse(sample);
      const fromSchema: Record<string, string> = {};
      for (const issue of result.success ? [] : result.error.issues) fromSchema[String(issue.path[0])] ??= issue.message;
      expect(inquiryFieldErrors(sample, 'fr'), JSON.stringify(sample).slice(0, 80)).toEqual(fromSchema);
    }
  });
});
