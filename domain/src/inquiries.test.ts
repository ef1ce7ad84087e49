import { describe, expect, it } from 'vitest';
import { InquiryInputSchema } from './inquiries.ts';
import { inquiryFieldErrors, inquiryInputOf, refusedFieldErrors, serverFieldErrors } from './inquiry-rules.ts';

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
  it('words a refusal by the fields the API names, in the site’s words, whatever the API’s text says', () => {
    // The API's English for the name is the admin's wording ('The name is required'); the form's is its own.
    const refused = {
      errors: [
        { field: 'name', message: 'The name is required' },
        { field: 'email', message: 'Invalid email address' },
      ],
    };
    expect(refusedFieldErrors(refused, { ...valid, name: '', email: 'jean@' }, 'en')).toEqual({
      name: 'Please enter your name',
      email: 'Please enter a valid email address',
    });
    expect(refusedFieldErrors(refused, { ...valid, name: '', email: 'jean@' }, 'fr')).toEqual({
      name: 'Le nom est requis',
      email: 'Adresse e-mail invalide',
    });
    // Only the fields the API names, though the form's rules would say more.
    expect(
      refusedFieldErrors(
        { errors: [{ field: 'message', message: '5000 characters at most' }] },
        { ...valid, name: '', message: 'm'.repeat(5001) },
        'en',
      ),
    ).toEqual({
      message: '5000 characters at most',
    });
    // A field the form's rules find nothing wrong with keeps the API's message as it came.
    expect(refusedFieldErrors({ errors: [{ field: 'email', message: 'Adresse refusée' }] }, valid, 'fr')).toEqual({
      email: 'Adresse refusée',
    });
    expect(refusedFieldErrors({ errors: [{ field: 'language', message: 'Langue invalide' }] }, valid, 'en')).toEqual({});
    expect(refusedFieldErrors(null, { ...valid, name: '' }, 'en')).toEqual({});
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
