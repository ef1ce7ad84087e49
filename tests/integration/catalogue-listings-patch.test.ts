// PATCH /api/products/{id}: a partial edit with the optimistic version; PUT stays a full replace. The
// fields not sent are neither changed nor checked: a stored value today's rules refuse does not block it.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tablesOf } from '@app/db';
import { IDEMPOTENCY_HEADER } from '@app/domain/idempotency';
import { engineInput, generatorInput } from '../fixtures/catalogue.ts';
import { serverAndAdmin } from '../support/admin-server.ts';
import { withDb } from '../support/auth.ts';

describe('PATCH /api/products/{id}', () => {
  const env = serverAndAdmin();

  const create = async (body: unknown) => (await env.server.api('/products', { method: 'POST', token: env.token, json: body })).json();
  const patch = (id: number, json: unknown, auth = true, headers: Record<string, string> = {}) =>
    env.server.api(`/products/${id}`, { method: 'PATCH', token: auth ? env.token : undefined, json, headers });
  const read = async (id: number) => (await env.server.api(`/products/${id}`)).json();

  it('changes only the fields sent, keeps the others and increments the version', async () => {
    const p = await create(engineInput({ titleFr: 'Avant', price: 12000, specifications: { Cylindres: '6' } }));
    const res = await patch(p.id, { titleFr: 'Après', version: 1 });
    expect(res.status).toBe(200);
    const after = await res.json();
    expect(after).toMatchObject({
      titleFr: 'Après',
      titleEn: p.titleEn,
      price: 12000,
      brand: p.brand,
      specifications: { Cylindres: '6' },
      version: 2,
    });
    expect(await (await env.server.api(`/products/${p.id}`)).json()).toMatchObject({ titleFr: 'Après', price: 12000, version: 2 });
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const p = await create(engineInput({ titleFr: 'Original' }));
    expect((await patch(p.id, { price: 1, version: 1 })).status).toBe(200);
    const stale = await patch(p.id, { titleFr: 'Hors ligne', version: 1 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: "L'annonce a été modifiée entre-temps. Rechargez-la avant d'enregistrer." });
    expect((await (await env.server.api(`/products/${p.id}`)).json()).titleFr).toBe('Original');
  });

  it('requires the version, with the spec message', async () => {
    const p = await create(engineInput());
    const res = await patch(p.id, { titleFr: 'Sans version' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'La version modifiée est requise',
      errors: [{ field: 'version', message: 'La version modifiée est requise' }],
    });
  });

  it('checks each field sent and the rules across fields on the merged listing', async () => {
    const p = await create(engineInput());
    const blank = await patch(p.id, { titleFr: '  ', version: 1 });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ error: 'Le titre en français est requis', errors: [{ field: 'titleFr' }] });
    // Turning an engine into a generator needs voltage and phase, which the stored engine lacks.
    const toGenerator = await patch(p.id, { type: 'generator', version: 1 });
    expect(toGenerator.status).toBe(400);
    expect(await toGenerator.json()).toMatchObject({ error: 'La tension est requise pour un groupe électrogène' });
    expect(await (await env.server.api(`/products/${p.id}`)).json()).toMatchObject({ type: p.type, version: 1 });
  });

  it('keeps a generator valid when only its price changes', async () => {
    const g = await create(generatorInput());
    const res = await patch(g.id, { price: '4500,50', version: 1 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ price: 4500.5, voltage: g.voltage, phase: g.phase, version: 2 });
  });

  it('answers 401 without a session and 404 for a missing listing', async () => {
    expect((await patch(1, { price: 1, version: 1 }, false)).status).toBe(401);
    const missing = await patch(999999, { price: 1, version: 1 });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ status: 404, error: expect.any(String) });
  });

  it("changes 'featured' alone: every other field as it was, the version one up", async () => {
    const p = await create(generatorInput({ featured: false, price: 9900, specifications: { Cylindres: '6' } }));
    const res = await patch(p.id, { featured: true, version: 1 });
    expect(res.status).toBe(200);
    const { updatedAt: _u1, version: v1, featured: f1, ...before } = p;
    const { updatedAt: _u2, version: v2, featured: f2, ...after } = await read(p.id);
    expect([f1, v1, f2, v2]).toEqual([false, 1, true, 2]);
    expect(after).toEqual(before);
  });

  it('toggles a listing whose other fields no longer pass the rules (stored before they changed)', async () => {
    const p = await create(generatorInput({ featured: false }));
    // A generator without voltage and a blank English title: a PUT of this listing as stored is refused.
    await withDb(env.server, (db) =>
      db
        .update(tablesOf(db).products)
        .set({ voltage: null, titleEn: ' ' })
        .where(eq(tablesOf(db).products.id, p.id)),
    );
    const res = await patch(p.id, { featured: true, version: 1 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ featured: true, voltage: null, titleEn: ' ', phase: p.phase, version: 2 });
    const put = await env.server.api(`/products/${p.id}`, { method: 'PUT', token: env.token, json: { ...(await read(p.id)), version: 2 } });
    expect(put.status).toBe(400);
  });

  it('refuses a field it does not know, a body without any field, and a bad value, each with its field', async () => {
    const p = await create(engineInput({ featured: false }));
    const unknown = await patch(p.id, { featured: true, colour: 'red', version: 1 });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors).toContainEqual({ field: 'colour', message: 'Valeur invalide' });
    const nothing = await patch(p.id, { version: 1 });
    expect(nothing.status).toBe(400);
    expect(await nothing.json()).toMatchObject({ error: 'Indiquez au moins un champ à modifier' });
    const bad = await patch(p.id, { price: -5, version: 1 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: 'Le prix doit être positif',
      errors: [{ field: 'price', message: 'Le prix doit être positif' }],
    });
    const notBoolean = await patch(p.id, { featured: 'oui', version: 1 });
    expect(notBoolean.status).toBe(400);
    expect((await notBoolean.json()).errors).toEqual([{ field: 'featured', message: 'Valeur invalide' }]);
    expect(await read(p.id)).toMatchObject({ featured: false, price: p.price, version: 1 });
  });

  it('answers a replay of the same Idempotency-Key with the first answer, and applies the change once', async () => {
    const p = await create(engineInput({ featured: false }));
    const key = { [IDEMPOTENCY_HEADER]: crypto.randomUUID() };
    const first = await patch(p.id, { featured: true, version: 1 }, true, key);
    expect(first.status).toBe(200);
    const firstBody = await first.json();
    const replay = await patch(p.id, { featured: true, version: 1 }, true, key);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(firstBody);
    expect(await read(p.id)).toMatchObject({ featured: true, version: 2 });
    // The same key with another body is refused rather than answered with the first outcome.
    expect((await patch(p.id, { featured: false, version: 2 }, true, key)).status).toBe(422);
  });

  it('keeps the power in kW in step when only the unit changes', async () => {
    const p = await create(engineInput({ powerOutput: 100, powerUnit: 'kw' }));
    const res = await patch(p.id, { powerUnit: 'hp', version: 1 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ powerOutput: 100, powerUnit: 'hp', powerKw: 74.57 });
  });
});
