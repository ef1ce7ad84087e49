import { describe, expect, it } from 'vitest';
import { inquiryFieldErrors, serverFieldError, translateInquiryError } from './inquiries.ts';

const valid = { name: 'Jean Martin', email: 'jean@example.org', message: 'Bonjour', language: 'fr' as const };

describe('contact form errors in the page language', () => {
  it('names each bad field once, in French or English', () => {
    expect(inquiryFieldErrors({ ...valid, name: ' ', email: 'jean@', message: '' }, 'fr')).toEqual({
      name: 'Le nom est requis',
      email: 'Adresse e-mail invalide',
      message: 'Le message est requis',
    });
    expect(inquiryFieldErrors({ ...valid, name: '', email: '' }, 'en')).toEqual({ name: 'Please enter your name', email: 'Please enter your email address' });
    expect(inquiryFieldErrors({ ...valid, phone: '0'.repeat(41) }, 'en')).toEqual({ phone: '40 characters at most' });
    expect(inquiryFieldErrors(valid, 'en')).toEqual({});
  });
  it('reads the API’s 400 answer as a field and its message', () => {
    expect(serverFieldError('email: Adresse e-mail invalide', 'en')).toEqual({ field: 'email', message: 'Please enter a valid email address' });
    expect(serverFieldError('message: 5000 caractères au maximum', 'fr')).toEqual({ field: 'message', message: '5000 caractères au maximum' });
    expect(serverFieldError('language: Langue invalide', 'fr')).toBeNull();
    expect(serverFieldError('Requête invalide', 'fr')).toBeNull();
  });
  it('keeps a message it does not know as it is', () => {
    expect(translateInquiryError('Quelque chose', 'en')).toBe('Quelque chose');
  });
});
