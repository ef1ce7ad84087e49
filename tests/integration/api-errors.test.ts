// The one error shape clients rely on: RFC 9457 problem details with the screens' `error` text and,
// for validation, every bad field with the spec's message (no field-path prefix).
import { describe, expect, it } from 'vitest';
import { serverAndAdmin } from '../support/admin-server.ts';

const env = serverAndAdmin();

describe('problem+json errors', () => {
  it('answers an unknown route with a 404 problem', async () => {
    const res = await env.server.api('/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Ressource introuvable',
      error: 'Ressource introuvable',
    });
  });

  it('answers a missing token with a 401 problem', async () => {
    const res = await env.server.api('/smtp/accounts');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toMatchObject({ status: 401, title: 'Unauthorized', error: expect.any(String) });
  });

  it('lists every bad field with the spec text, the first one as `error`', async () => {
    const res = await env.server.api('/smtp/accounts', {
      method: 'POST',
      token: env.token,
      json: { name: '', host: 'smtp.example.net', user: 'u', fromName: 'N', fromEmail: 'x@example.net' },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = await res.json();
    expect(body).toMatchObject({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      error: 'Le nom est requis',
      detail: 'Le nom est requis',
    });
    expect(body.errors).toEqual([
      { field: 'name', message: 'Le nom est requis' },
      { field: 'password', message: 'Le mot de passe est requis pour un nouveau compte' },
    ]);
  });

  it('gives a missing required field the spec message for that field', async () => {
    const res = await env.server.api('/inquiries', {
      method: 'POST',
      json: { email: 'a@example.net', message: 'Bonjour', language: 'fr' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'Le nom est requis', errors: [{ field: 'name', message: 'Le nom est requis' }] });
  });

  it('never leaks zod English defaults: a field without a spec text reads in French', async () => {
    const res = await env.server.api('/products/1/images/order', { method: 'PUT', token: env.token, json: {} });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'Champ obligatoire', errors: [{ field: 'imageIds', message: 'Champ obligatoire' }] });
  });

  it('answers malformed JSON with a 400 problem', async () => {
    const res = await env.server.api('/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toMatchObject({ status: 400, error: expect.any(String) });
  });
});
