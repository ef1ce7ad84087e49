import { describe, expect, it } from 'vitest';
import { engineInput, generatorInput } from '../fixtures/catalogue.ts';
import { serverAndAdmin } from '../support/admin-server.ts';

describe('listings: admin create, update with version, delete', () => {
  const env = serverAndAdmin();

  const create = (body: unknown) => env.server.api('/products', { method: 'POST', token: env.token, json: body });

  it('creates a listing and returns it with its kW power, version 1, and empty images and documents', async () => {
    const res = await create(generatorInput());
    expect(res.status).toBe(201);
    const p = await res.json();
    expect(p).toMatchObject({
      id: expect.any(Number),
      titleFr: 'Groupe électrogène Caterpillar 500 kVA',
      powerOutput: 500,
      powerUnit: 'kva',
      powerKw: 400,
      version: 1,
      images: [],
      documents: [],
    });
    const again = await (await env.server.api(`/products/${p.id}`)).json();
    expect(again).toEqual(p);
  });

  it('keeps each specification’s English value under its French name, dropping empty ones', async () => {
    const res = await create(
      generatorInput({
        specifications: { Garantie: '24 mois', Cylindres: '6' },
        specificationsEn: { Garantie: ' 24 months ', Cylindres: '' },
      }),
    );
    expect(res.status).toBe(201);
    const p = await res.json();
    expect(p.specifications).toEqual({ Garantie: '24 mois', Cylindres: '6' });
    expect(p.specificationsEn).toEqual({ Garantie: '24 months' });
    expect((await (await env.server.api(`/products/${p.id}`)).json()).specificationsEn).toEqual({ Garantie: '24 months' });
  });

  it('refuses admin calls without a session (401) and leaves the catalogue unchanged', async () => {
    const before = (await (await env.server.api('/products')).json()).total;
    expect((await env.server.api('/products', { method: 'POST', json: generatorInput() })).status).toBe(401);
    expect((await env.server.api('/products/1', { method: 'PUT', json: { ...generatorInput(), version: 1 } })).status).toBe(401);
    expect((await env.server.api('/products/1', { method: 'DELETE' })).status).toBe(401);
    expect((await (await env.server.api('/products')).json()).total).toBe(before);
  });

  it.each([
    ['titleFr', { titleFr: '' }],
    ['titleEn', { titleEn: undefined }],
    ['descriptionFr', { descriptionFr: '  ' }],
    ['descriptionEn', { descriptionEn: '' }],
    ['brand', { brand: '' }],
    ['model', { model: '' }],
    ['fuelType', { fuelType: '' }],
    ['type', { type: 'boat' }],
    ['condition', { condition: 'broken' }],
    ['powerUnit', { powerUnit: 'watts' }],
    ['powerOutput', { powerOutput: 0 }],
    ['weight', { weight: '' }],
    ['length', { length: 0 }],
    ['price', { price: -1 }],
  ])('refuses a listing with an invalid %s with 400 naming the field', async (field, override) => {
    const res = await create(generatorInput(override));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toContainEqual({ field, message: body.error });
    // The message is the spec's text alone: the field is named in `errors`, never glued in front.
    expect(body.error).not.toMatch(new RegExp(`^${field}:`));
  });

  it('requires voltage and phase for a generator set', async () => {
    const noVoltage = await create(generatorInput({ voltage: '' }));
    expect(noVoltage.status).toBe(400);
    expect(await noVoltage.json()).toMatchObject({ error: 'La tension est requise pour un groupe électrogène' });
    const noPhase = await create(generatorInput({ phase: null }));
    expect(await noPhase.json()).toMatchObject({ error: 'La phase est requise pour un groupe électrogène' });
  });

  it('stores voltage and phase as null for an engine, and coerces numeric strings and empty optional numbers', async () => {
    const res = await create(
      engineInput({
        voltage: '230V',
        phase: '1',
        powerOutput: '450',
        weight: '1 200'.replace(' ', ''),
        price: '',
        length: '',
        year: '2021',
      }),
    );
    expect(res.status).toBe(201);
    const p = await res.json();
    expect(p).toMatchObject({ voltage: null, phase: null, powerOutput: 450, weight: 1200, price: null, length: null, year: 2021 });
  });

  it('refuses a NUL character even in a text an engine drops (its phase), on create and on replace, and stores nothing', async () => {
    const before = (await (await env.server.api('/products')).json()).total;
    const created = await create(engineInput({ phase: 'tri\u0000' }));
    expect(created.status).toBe(400);
    expect(await created.json()).toMatchObject({ error: 'Valeur invalide', errors: [{ field: 'phase', message: 'Valeur invalide' }] });
    expect((await (await env.server.api('/products')).json()).total).toBe(before);

    const p = await (await create(engineInput())).json();
    const replaced = await env.server.api(`/products/${p.id}`, {
      method: 'PUT',
      token: env.token,
      json: { ...engineInput({ voltage: '\u0000' }), version: p.version },
    });
    expect(replaced.status).toBe(400);
    expect(await replaced.json()).toMatchObject({ errors: [{ field: 'voltage', message: 'Valeur invalide' }] });
    expect((await (await env.server.api(`/products/${p.id}`)).json()).version).toBe(p.version);
  });

  it('updates with the current version, increments it, and refuses a stale version with 409', async () => {
    const p = await (await create(engineInput({ titleFr: 'Moteur à modifier' }))).json();
    const first = await env.server.api(`/products/${p.id}`, {
      method: 'PUT',
      token: env.token,
      json: { ...engineInput({ titleFr: 'Modifié en ligne' }), version: 1 },
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ titleFr: 'Modifié en ligne', version: 2 });

    const offline = await env.server.api(`/products/${p.id}`, {
      method: 'PUT',
      token: env.token,
      json: { ...engineInput({ titleFr: 'Modifié hors ligne' }), version: 1 },
    });
    expect(offline.status).toBe(409);
    expect(await offline.json()).toMatchObject({ error: expect.stringContaining('modifiée entre-temps') });
    expect((await (await env.server.api(`/products/${p.id}`)).json()).titleFr).toBe('Modifié en ligne');
  });

  it('requires the version on update', async () => {
    const p = await (await create(engineInput())).json();
    const res = await env.server.api(`/products/${p.id}`, { method: 'PUT', token: env.token, json: engineInput() });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'La version modifiée est requise',
      errors: [{ field: 'version', message: 'La version modifiée est requise' }],
    });
  });

  it('answers 404 for a missing listing on read, update and delete', async () => {
    expect((await env.server.api('/products/999999')).status).toBe(404);
    expect(await (await env.server.api('/products/999999')).json()).toMatchObject({ error: 'Annonce introuvable' });
    expect(
      (await env.server.api('/products/999999', { method: 'PUT', token: env.token, json: { ...engineInput(), version: 1 } })).status,
    ).toBe(404);
    expect((await env.server.api('/products/999999', { method: 'DELETE', token: env.token })).status).toBe(404);
  });

  it('deletes a listing', async () => {
    const p = await (await create(engineInput())).json();
    const res = await env.server.api(`/products/${p.id}`, { method: 'DELETE', token: env.token });
    expect(res.status).toBe(200);
    expect((await env.server.api(`/products/${p.id}`)).status).toBe(404);
  });

  it('refuses a malformed JSON body with 400', async () => {
    const res = await env.server.api('/products', {
      method: 'POST',
      token: env.token,
      headers: { 'content-type': 'application/json' },
      body: '{"titleFr":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: expect.any(String) });
  });
});
