// Idempotency-Key on the API (IETF httpapi draft): a retried write answers its first outcome and
// changes nothing; a reused key with another request, a malformed key, a key still running, an
// expired key and another user's key, against the real server and its SQLite file.
import net from 'node:net';
import { exec, row } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeIdempotencyKeys } from '@app/api/services/idempotency';
import { engineInput, makePdf, png } from '../fixtures/catalogue.ts';
import { createUser, signInAsAdmin, stored, withDb, sqlText } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

const MALFORMED = 'En-tête Idempotency-Key invalide : un UUID est attendu, éventuellement suivi de « :étape »';
const MISMATCH = 'Cette clé Idempotency-Key a déjà servi pour une autre requête';
const IN_PROGRESS = 'Une requête avec cette clé Idempotency-Key est déjà en cours';

/** A POST written byte by byte on a socket (a header fetch would refuse); resolves with the whole answer. */
function rawPost(port: number, path: string, token: string, key: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
          `Idempotency-Key: ${key}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    });
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('Idempotency-Key', () => {
  let server: TestServer;
  let token: string;
  const newKey = () => crypto.randomUUID();
  const keyed = (key: string) => ({ 'idempotency-key': key });
  const listingCount = () => withDb(server, async (db) => (await row<{ n: number }>(db, sqlText('select count(*) as n from products')))!.n);
  const create = (key: string, input = engineInput(), bearer = token) =>
    server.api('/products', { method: 'POST', token: bearer, json: input, headers: keyed(key) });

  beforeAll(async () => {
    server = await startServer();
    token = (await signInAsAdmin(server)).accessToken;
  });
  afterAll(() => server?.stop());

  it('answers a retried create with the first answer and creates one listing', async () => {
    const key = newKey();
    const before = await listingCount();
    const first = await create(key);
    expect(first.status).toBe(201);
    const created = await first.json();
    const retry = await create(key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(created);
    expect(await listingCount()).toBe(before + 1);
  });

  it('answers a retried edit with its first answer instead of a conflict with itself', async () => {
    const { id, version } = await (await create(newKey())).json();
    const key = newKey();
    const edit = () =>
      server.api(`/products/${id}`, {
        method: 'PUT',
        token,
        json: { ...engineInput({ titleFr: 'Moteur révisé' }), version },
        headers: keyed(key),
      });
    const first = await edit();
    expect(first.status).toBe(200);
    const retry = await edit();
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({ titleFr: 'Moteur révisé', version: version + 1 });
    expect((await (await server.api(`/products/${id}`)).json()).version).toBe(version + 1);
  });

  it('answers a retried delete with success, not 404', async () => {
    const { id } = await (await create(newKey())).json();
    const key = newKey();
    const del = () => server.api(`/products/${id}`, { method: 'DELETE', token, headers: keyed(key) });
    expect((await del()).status).toBe(200);
    const retry = await del();
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ success: true });
  });

  it('uploads an image once even when the retry is a new multipart body (another boundary)', async () => {
    const { id } = await (await create(newKey())).json();
    const key = newKey();
    const bytes = await png(400, 300);
    const sendKeyed = (alt: string) => {
      const form = new FormData();
      form.append('alt', alt);
      form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'a.png');
      return server.api(`/products/${id}/images`, { method: 'POST', token, body: form, headers: keyed(key) });
    };
    const first = await sendKeyed('Vue');
    expect(first.status).toBe(201);
    const retry = await sendKeyed('Vue');
    expect(retry.status).toBe(201);
    expect((await retry.json()).image.id).toBe((await first.json()).image.id);
    expect((await (await server.api(`/products/${id}/images`)).json()).images).toHaveLength(1);
    const other = await sendKeyed('Autre texte');
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ error: MISMATCH });
  });

  it('uploads documents once on a retry', async () => {
    const { id } = await (await create(newKey())).json();
    const key = newKey();
    const pdf = makePdf('Notice', ['Entretien']);
    const sendKeyed = () => {
      const form = new FormData();
      form.append('documents', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'notice.pdf');
      return server.api(`/products/${id}/documents`, { method: 'POST', token, body: form, headers: keyed(key) });
    };
    expect((await sendKeyed()).status).toBe(201);
    expect((await sendKeyed()).status).toBe(201);
    expect((await (await server.api(`/products/${id}/documents`)).json()).documents).toHaveLength(1);
  });

  it('refuses the same key with another request with 422 and changes nothing', async () => {
    const key = newKey();
    await create(key);
    const before = await listingCount();
    const other = await create(key, engineInput({ titleFr: 'Un autre moteur' }));
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ error: MISMATCH });
    const elsewhere = await server.api('/products/999999', { method: 'DELETE', token, headers: keyed(key) });
    expect(elsewhere.status).toBe(422);
    expect(await listingCount()).toBe(before);
  });

  it('refuses a malformed key with 400 and changes nothing', async () => {
    const before = await listingCount();
    for (const bad of ['', 'x'.repeat(256), 'tab\there', 'key-1', `${crypto.randomUUID()}x`]) {
      const res = await create(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await res.json()).toMatchObject({ error: MALFORMED });
    }
    // fetch refuses to send other control characters: written on the socket by hand. The request
    // cannot even be represented (web Headers refuse the value), so the server's outer guard answers.
    const raw = await rawPost(server.port, '/api/products', token, `${crypto.randomUUID()}\u0001`, JSON.stringify(engineInput()));
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(raw).toContain('"error":"Requête invalide"');
    expect(await listingCount()).toBe(before);
    expect((await create(crypto.randomUUID().toUpperCase())).status).toBe(201);
    expect((await create(`${crypto.randomUUID()}:image:12`)).status).toBe(201); // the admin outbox's step keys
  });

  it('behaves as before without a key: two sends, two listings', async () => {
    const before = await listingCount();
    await server.api('/products', { method: 'POST', token, json: engineInput() });
    await server.api('/products', { method: 'POST', token, json: engineInput() });
    expect(await listingCount()).toBe(before + 2);
  });

  it('answers 409 to a twin sent while the first upload is still arriving, then the stored answer, and applies it once', async () => {
    const { id } = await (await create(newKey())).json();
    const key = newKey();
    const bytes = await png(400, 300);
    const boundary = `----held${key.slice(0, 8)}`;
    const part = (name: string) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`);
    const end = Buffer.from(`\r\n--${boundary}--\r\n`);
    // The first request's body stops half-way until the test lets it go on: the request is running, its key claimed.
    let goOn!: () => void;
    const held = new Promise<void>((resolve) => (goOn = resolve));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent++ === 0) return controller.enqueue(new Uint8Array(Buffer.concat([part('a.png'), bytes.subarray(0, 100)])));
        await held;
        controller.enqueue(new Uint8Array(Buffer.concat([bytes.subarray(100), end])));
        controller.close();
      },
    });
    const headers = { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, ...keyed(key) };
    const first = fetch(`${server.url}/api/products/${id}/images`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
    const claimed = () =>
      withDb(
        server,
        async (db) =>
          (await row<{ n: number }>(db, sqlText('select count(*) as n from idempotency_keys where key = ? and status is null', key)))!.n,
      );
    await expect.poll(claimed).toBe(1);

    const twin = () => server.api(`/products/${id}/images`, { method: 'POST', headers, body: Buffer.concat([part('a.png'), bytes, end]) });
    const running = await twin();
    expect(running.status).toBe(409);
    expect(await running.json()).toMatchObject({ error: IN_PROGRESS });

    goOn();
    const answer = await first;
    expect(answer.status).toBe(201);
    const replay = await twin();
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await replay.json()).image.id).toBe((await answer.json()).image.id);
    expect((await (await server.api(`/products/${id}/images`)).json()).images).toHaveLength(1);
  });

  it('frees the key of a request that failed: the same key runs again instead of answering 409', async () => {
    const key = newKey();
    const missing = () => server.api('/products/999999', { method: 'DELETE', token, headers: keyed(key) });
    expect((await missing()).status).toBe(404);
    expect((await missing()).status).toBe(404);
    const before = await listingCount();
    const other = await create(key);
    expect(other.status).toBe(201);
    expect(await listingCount()).toBe(before + 1);
  });

  it('keeps one user’s keys apart from another’s', async () => {
    await createUser(server, { email: 'second@example.test', password: 'Second-Passw0rd!', role: 'admin' });
    const login = await server.api('/auth/login', { method: 'POST', json: { email: 'second@example.test', password: 'Second-Passw0rd!' } });
    const other = (await login.json()).accessToken as string;
    const key = newKey();
    const before = await listingCount();
    const mine = await (await create(key)).json();
    const theirs = await create(key, engineInput(), other);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect((await theirs.json()).id).not.toBe(mine.id);
    expect(await listingCount()).toBe(before + 2);
  });

  it('forgets a key after 24 hours: the purge removes it and the key may run again', async () => {
    const key = newKey();
    await create(key);
    const dayAgo = Date.now() - 24 * 60 * 60 * 1000 - 1000;
    await withDb(server, (db) => exec(db, sqlText('update idempotency_keys set created_at = ? where key = ?', stored.time(dayAgo), key)));
    const before = await listingCount();
    expect((await create(key)).status).toBe(201);
    expect(await listingCount()).toBe(before + 1); // an expired record no longer answers
    await withDb(server, (db) => exec(db, sqlText('update idempotency_keys set created_at = ? where key = ?', stored.time(dayAgo), key)));
    expect(await withDb(server, (db) => purgeIdempotencyKeys(db))).toBeGreaterThanOrEqual(1);
    expect(await withDb(server, (db) => row(db, sqlText('select count(*) as n from idempotency_keys where key = ?', key)))).toEqual({
      n: 0,
    });
  });

  it('applies to the public contact form, scoped to the client', async () => {
    const key = newKey();
    const message = { name: 'Marie Client', email: 'marie@example.test', message: 'Bonjour, le moteur est-il disponible ?' };
    const count = () => withDb(server, async (db) => (await row<{ n: number }>(db, sqlText('select count(*) as n from inquiries')))!.n);
    const send = () => server.api('/inquiries', { method: 'POST', json: message, headers: keyed(key) });
    const before = await count();
    const first = await send();
    expect(first.status).toBe(201);
    const retry = await send();
    expect(retry.status).toBe(201);
    expect(await retry.text()).toBe(await first.text());
    expect(await count()).toBe(before + 1);
  });

  it('creates one SMTP account when the create is retried with its key', async () => {
    const accounts = () =>
      withDb(server, async (db) => (await row<{ n: number }>(db, sqlText('select count(*) as n from smtp_accounts')))!.n);
    const key = newKey();
    const account = {
      name: 'Relais',
      host: 'smtp.example.test',
      port: 587,
      secure: false,
      user: 'u',
      password: 'secret-1',
      fromEmail: 'contact@example.test',
      fromName: 'Provence Moteurs',
    };
    const create = () => server.api('/smtp/accounts', { method: 'POST', token, json: account, headers: keyed(key) });
    const before = await accounts();
    const first = await create();
    expect(first.status).toBe(201);
    const retry = await create();
    expect(retry.status).toBe(201);
    expect(await retry.text()).toBe(await first.text());
    expect(await accounts()).toBe(before + 1);
  });

  // Uses the SMTP account created above (a sending needs an active account).
  it('starts one newsletter sending when a send is retried with its key', async () => {
    await withDb(server, (db) =>
      exec(
        db,
        sqlText(
          "insert into newsletter_subscribers (email, language, is_active, unsubscribe_token, confirmed_at) values (?, 'fr', ?, ?, ?)",
          'lecteur-idem@example.test',
          stored.bool(true),
          `unsub-${newKey()}`,
          stored.time(0),
        ),
      ),
    );
    const sendings = () =>
      withDb(server, async (db) => (await row<{ n: number }>(db, sqlText('select count(*) as n from newsletter_sendings')))!.n);
    const key = newKey();
    const send = () =>
      server.api('/newsletter/admin/send', {
        method: 'POST',
        token,
        json: { subject: 'Nouveautés', content: 'Trois moteurs.' },
        headers: keyed(key),
      });
    const before = await sendings();
    const first = await send();
    expect(first.status).toBe(202);
    const retry = await send();
    expect(retry.status).toBe(202);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await retry.json()).sendingId).toBe((await first.json()).sendingId);
    expect(await sendings()).toBe(before + 1);
  });
});
