// PATCH /api/products/{id}: a partial edit with the optimistic version; PUT stays a full replace.
import { describe, expect, it } from 'vitest';
import { engineInput, generatorInput } from '../fixtures/catalogue.ts';
import { serverAndAdmin } from '../support/admin-server.ts';

describe('PATCH /api/products/{id}', () => {
  const env = serverAndAdmin();

  const create = async (body: unknown) => (await env.server.api('/products', { method: 'POST', token: env.token, json: body })).json();
  const patch = (id: number, json: unknown, auth = true) =>
    env.server.api(`/products/${id}`, { method: 'PATCH', token: auth ? env.token : undefined, json });

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
});
