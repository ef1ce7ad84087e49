// The API answers its messages in the client's language: French by default and whenever the client
// prefers it (the spec's texts, verbatim), English when Accept-Language prefers `en`. The problem
// body keeps its shape, and answers that carry a message vary by Accept-Language.
import { describe, expect, it } from 'vitest';
import { engineInput } from '../fixtures/catalogue.ts';
import { serverAndAdmin } from '../support/admin-server.ts';

const EN = { 'accept-language': 'en-GB,en;q=0.9,fr;q=0.5' };
const FR = { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' };

/** The whole problem body: its shape does not change with the language, only its texts. */
const problem = (status: number, title: string, message: string, errors?: { field: string; message: string }[]) => ({
  type: 'about:blank',
  title,
  status,
  detail: message,
  error: message,
  ...(errors ? { errors } : {}),
});

describe('API messages in the language the client asks for', () => {
  const env = serverAndAdmin();
  const createListing = async () =>
    (await (await env.server.api('/products', { method: 'POST', token: env.token, json: engineInput() })).json()) as { id: number };

  it('answers a missing listing (404) in French by default and for French clients, in English for English ones', async () => {
    for (const headers of [{}, FR]) {
      const res = await env.server.api('/products/987654', { headers });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(problem(404, 'Not Found', 'Annonce introuvable'));
    }
    const res = await env.server.api('/products/987654', { headers: EN });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.headers.get('vary')).toMatch(/accept-language/i);
    expect(await res.json()).toEqual(problem(404, 'Not Found', 'Listing not found'));
  });

  it('lists every bad field in English, in the same shape', async () => {
    const json = { name: '', host: 'smtp.example.net', user: 'u', fromName: 'N', fromEmail: 'x@example.net' };
    const fr = await env.server.api('/smtp/accounts', { method: 'POST', token: env.token, json });
    expect(await fr.json()).toEqual(
      problem(400, 'Bad Request', 'Le nom est requis', [
        { field: 'name', message: 'Le nom est requis' },
        { field: 'password', message: 'Le mot de passe est requis pour un nouveau compte' },
      ]),
    );
    const en = await env.server.api('/smtp/accounts', { method: 'POST', token: env.token, json, headers: EN });
    expect(en.status).toBe(400);
    // Said once, however many messages the answer carries.
    expect(en.headers.get('vary')?.match(/accept-language/gi)).toHaveLength(1);
    expect(await en.json()).toEqual(
      problem(400, 'Bad Request', 'The name is required', [
        { field: 'name', message: 'The name is required' },
        { field: 'password', message: 'A password is required for a new account' },
      ]),
    );
  });

  it('refuses a stale edit (409) with the conflict message in either language', async () => {
    const { id } = await createListing();
    const patch = (version: number, headers = {}) =>
      env.server.api(`/products/${id}`, { method: 'PATCH', token: env.token, json: { price: version, version }, headers });
    expect((await patch(1)).status).toBe(200);
    const fr = await patch(1);
    expect(fr.status).toBe(409);
    expect((await fr.json()).error).toBe("L'annonce a été modifiée entre-temps. Rechargez-la avant d'enregistrer.");
    const en = await patch(1, EN);
    expect(en.status).toBe(409);
    expect((await en.json()).error).toBe('The listing was changed in the meantime. Reload it before saving.');
  });

  it('refuses an image of the wrong type (415) in English', async () => {
    const { id } = await createListing();
    const send = (headers: Record<string, string>) => {
      const form = new FormData();
      form.append('image', new Blob([new TextEncoder().encode('GIF89a not really')], { type: 'image/gif' }), 'anim.gif');
      return env.server.api(`/products/${id}/images`, { method: 'POST', token: env.token, body: form, headers });
    };
    const fr = await send({});
    expect(fr.status).toBe(415);
    expect((await fr.json()).error).toBe('Seuls les formats JPEG, PNG et WebP sont acceptés');
    const en = await send(EN);
    expect(en.status).toBe(415);
    expect((await en.json()).error).toBe('Only JPEG, PNG and WebP images are accepted');
  });

  it('refuses a body too large (413) in English', async () => {
    const body = JSON.stringify({ email: 'a@example.net', password: 'x'.repeat(20_000) });
    const res = await env.server.api('/auth/login', { method: 'POST', headers: { ...EN, 'content-type': 'application/json' }, body });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe('Request too large');
  });

  it('refuses a wrong password (401) in the language asked', async () => {
    const json = { email: 'nobody@example.net', password: 'wrong-password' };
    const fr = await env.server.api('/auth/login', { method: 'POST', json });
    expect(fr.status).toBe(401);
    expect((await fr.json()).error).toBe('Email ou mot de passe incorrect');
    const en = await env.server.api('/auth/login', { method: 'POST', json, headers: EN });
    expect(en.status).toBe(401);
    expect((await en.json()).error).toBe('Incorrect e-mail or password');
  });

  it("reports an SMTP test's failed connection in English (a 200 answer carrying a message)", async () => {
    // Nothing listens on port 9 of the loopback: the connection is refused at once.
    const json = { host: '127.0.0.1', port: 9, secure: false, user: 'u', password: 'p', fromEmail: 'noreply@example.net' };
    const fr = await env.server.api('/smtp/test-config', { method: 'POST', token: env.token, json });
    expect(await fr.json()).toEqual({ success: false, message: 'Connexion au serveur SMTP impossible' });
    const en = await env.server.api('/smtp/test-config', { method: 'POST', token: env.token, json, headers: EN });
    expect(en.status).toBe(200);
    expect(en.headers.get('vary')).toMatch(/accept-language/i);
    expect(await en.json()).toEqual({ success: false, message: 'Could not connect to the SMTP server' });
  });

  it("refuses a newsletter subscription's bad e-mail in the page's language", async () => {
    const json = { email: 'not-an-email', language: 'en', page: '/en/' };
    const fr = await env.server.api('/newsletter/subscribe', { method: 'POST', json });
    expect((await fr.json()).error).toBe('Veuillez saisir une adresse email valide.');
    const en = await env.server.api('/newsletter/subscribe', { method: 'POST', json, headers: { 'accept-language': 'en' } });
    expect(en.status).toBe(400);
    expect(await en.json()).toMatchObject({
      error: 'Please enter a valid e-mail address.',
      errors: [{ field: 'email', message: 'Please enter a valid e-mail address.' }],
    });
  });

  it('stays in French for a client that names neither language', async () => {
    const res = await env.server.api('/products/987654', { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect((await res.json()).error).toBe('Annonce introuvable');
  });
});
