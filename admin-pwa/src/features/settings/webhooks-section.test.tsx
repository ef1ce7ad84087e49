// The webhooks of the 'API' tab: the list (events, enabled or why the server disabled it), creation
// showing the signing secret once, enabling and disabling, editing the events, the test event, the
// delivery log with its retry, and deletion behind a confirmation; offline it says it needs a connection.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Webhook, WebhookDelivery } from '@app/domain/webhooks';
import { toasts } from '../../lib/toast.ts';
import { freshStart, setOnline, type FakeApi } from '../../test-fetch.ts';
import { WebhooksSection } from './webhooks-section.tsx';

let api: FakeApi;
const SECRET = `whsec_${'c'.repeat(43)}=`;
const ERP = 'https://erp.example.com/hooks/catalogue';
const SHOP = 'https://shop.example.com/webhook';
const webhook = (id: number, url: string, extra: Partial<Webhook> = {}): Webhook => ({
  id,
  url,
  description: null,
  events: ['listing.created'],
  enabled: true,
  disabledReason: null,
  createdAt: '2026-03-02T09:30:00.000Z',
  updatedAt: '2026-03-02T09:30:00.000Z',
  ...extra,
});
const delivery = (id: number, extra: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id,
  webhookId: 1,
  messageId: `msg_${id}`,
  eventType: 'listing.created',
  status: 'delivered',
  attempts: 1,
  statusCode: 200,
  durationMs: 42,
  responseBody: 'ok',
  lastError: null,
  nextAttemptAt: null,
  deliveredAt: '2026-03-02T10:00:00.000Z',
  createdAt: '2026-03-02T10:00:00.000Z',
  ...extra,
});
let stored: Webhook[];

beforeEach(async () => {
  api = await freshStart();
  stored = [
    webhook(1, ERP, { description: 'Synchronisation ERP', events: ['listing.created', 'listing.updated'] }),
    webhook(2, SHOP, {
      events: ['*'],
      enabled: false,
      disabledReason: 'The endpoint answered 410 Gone (delivery msg_9)',
    }),
  ];
  api.on('GET', '/admin/webhooks', () => ({ webhooks: stored }));
  api.on('POST', '/admin/webhooks', (c) => {
    const body = c.body as { url: string; description: string | null; events: string[] };
    const created = webhook(3, body.url, { description: body.description, events: body.events });
    stored = [...stored, created];
    return Response.json({ ...created, secret: SECRET }, { status: 201 });
  });
  api.on('PATCH', /^\/admin\/webhooks\/\d+$/, (c) => {
    const id = Number(c.path.split('/').pop());
    const body = c.body as Partial<Webhook>;
    stored = stored.map((w) => (w.id === id ? { ...w, ...body, ...(body.enabled !== undefined && { disabledReason: null }) } : w));
    return stored.find((w) => w.id === id);
  });
  api.on('DELETE', /^\/admin\/webhooks\/\d+$/, (c) => {
    stored = stored.filter((w) => `/admin/webhooks/${w.id}` !== c.path);
    return { success: true };
  });
});

const row = (url: string) => screen.getByRole('row', { name: new RegExp(url.replace(/[.]/g, '\\.')) });

describe('webhooks section', () => {
  it('lists the endpoints with their events, enabled or disabled with the reason, never a secret', async () => {
    render(<WebhooksSection />);
    await screen.findByRole('table', { name: 'Webhooks' });
    const erp = within(row(ERP));
    expect(erp.getByText('Synchronisation ERP')).toBeTruthy();
    expect(erp.getByText('listing.created')).toBeTruthy();
    expect(erp.getByText('listing.updated')).toBeTruthy();
    expect(erp.getByText('Activé')).toBeTruthy();
    expect(erp.getByRole('button', { name: `Désactiver le webhook ${ERP}` })).toBeTruthy();
    const shop = within(row(SHOP));
    expect(shop.getByText('Tous les événements')).toBeTruthy();
    expect(shop.getByText('Désactivé')).toBeTruthy();
    expect(shop.getByText('Désactivé par le serveur : The endpoint answered 410 Gone (delivery msg_9)')).toBeTruthy();
    expect(shop.getByRole('button', { name: `Activer le webhook ${SHOP}` })).toBeTruthy();
    expect(screen.getByText('2 webhooks')).toBeTruthy();
    expect(document.body.textContent).not.toContain('whsec_');
  });

  it('adds a webhook for all events and shows its signing secret once, with a copy button and the warning', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    render(<WebhooksSection />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Ajouter un webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter un webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le webhook' }));
    expect(within(dialog).getByText("L'URL est requise")).toBeTruthy();
    expect(within(dialog).getByText('Cochez au moins un événement')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^URL/), 'ftp://erp.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le webhook' }));
    expect(within(dialog).getByText("L'URL doit commencer par http:// ou https://")).toBeTruthy();
    expect(api.callsTo('POST', '/admin/webhooks')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^URL/));
    await user.type(within(dialog).getByLabelText(/^URL/), 'https://compta.example.com/hook');
    await user.type(within(dialog).getByLabelText('Description'), 'Comptabilité');
    await user.click(within(dialog).getByLabelText('Annonce créée listing.created'));
    await user.click(within(dialog).getByLabelText('Tous les événements'));
    expect((within(dialog).getByLabelText('Annonce supprimée listing.deleted') as HTMLInputElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le webhook' }));

    const shown = await screen.findByRole('dialog', { name: 'Webhook ajouté : son secret de signature' });
    expect(api.callsTo('POST', '/admin/webhooks')[0]!.body).toEqual({
      url: 'https://compta.example.com/hook',
      description: 'Comptabilité',
      events: ['*'],
    });
    expect((within(shown).getByLabelText('Secret de signature') as HTMLInputElement).value).toBe(SECRET);
    expect(within(shown).getByText(/Ce secret ne sera plus affiché\. Copiez-le maintenant/)).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Copier' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(within(shown).getByText('Secret copié dans le presse-papiers')).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: "J'ai copié le secret" }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await screen.findByRole('row', { name: /compta\.example\.com/ });
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('sends the events ticked, in the list order, and shows the server message when it refuses the URL', async () => {
    const user = userEvent.setup();
    render(<WebhooksSection />);
    await screen.findByRole('table');
    api.on('POST', '/admin/webhooks', () =>
      Response.json({ error: 'Adresse refusée : un webhook ne peut viser ni cette machine' }, { status: 400 }),
    );
    await user.click(screen.getByRole('button', { name: 'Ajouter un webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter un webhook' });
    await user.type(within(dialog).getByLabelText(/^URL/), 'http://10.0.0.5/hook');
    await user.click(within(dialog).getByLabelText('Newsletter envoyée newsletter.sent'));
    await user.click(within(dialog).getByLabelText('Message reçu inquiry.received'));
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le webhook' }));
    await waitFor(() =>
      expect(toasts.get().map((t) => t.message)).toContain('Adresse refusée : un webhook ne peut viser ni cette machine'),
    );
    expect(api.callsTo('POST', '/admin/webhooks')[0]!.body).toEqual({
      url: 'http://10.0.0.5/hook',
      description: null,
      events: ['inquiry.received', 'newsletter.sent'],
    });
    expect(screen.getByRole('dialog', { name: 'Ajouter un webhook' })).toBeTruthy();
  });

  it('disables and enables an endpoint, and edits its events', async () => {
    const user = userEvent.setup();
    render(<WebhooksSection />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: `Désactiver le webhook ${ERP}` }));
    await within(row(ERP)).findByText('Désactivé');
    expect(api.callsTo('PATCH', '/admin/webhooks/1')[0]!.body).toEqual({ enabled: false });
    await user.click(screen.getByRole('button', { name: `Activer le webhook ${SHOP}` }));
    await waitFor(() => expect(within(row(SHOP)).queryByText(/Désactivé par le serveur/)).toBeNull());
    expect(within(row(SHOP)).getByText('Activé')).toBeTruthy();
    expect(api.callsTo('PATCH', '/admin/webhooks/2')[0]!.body).toEqual({ enabled: true });

    await user.click(screen.getByRole('button', { name: `Modifier le webhook ${ERP}` }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier le webhook' });
    expect((within(dialog).getByLabelText(/^URL/) as HTMLInputElement).value).toBe(ERP);
    expect((within(dialog).getByLabelText('Annonce modifiée listing.updated') as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByLabelText('Annonce modifiée listing.updated'));
    await user.click(within(dialog).getByLabelText('Annonce supprimée listing.deleted'));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PATCH', '/admin/webhooks/1')[1]!.body).toEqual({
      url: ERP,
      description: 'Synchronisation ERP',
      events: ['listing.created', 'listing.deleted'],
    });
    expect(within(row(ERP)).getByText('listing.deleted')).toBeTruthy();
    expect(within(row(ERP)).queryByText('listing.updated')).toBeNull();
  });

  it('sends a test event, and the delivery log follows it until delivered, with a retry per delivery', async () => {
    const user = userEvent.setup();
    let log = [
      delivery(1, { eventType: 'listing.updated', status: 'failed', attempts: 8, statusCode: 500, responseBody: 'Internal error' }),
    ];
    api.on('POST', '/admin/webhooks/1/test', () => {
      const ping = delivery(2, {
        eventType: 'ping',
        status: 'pending',
        attempts: 0,
        statusCode: null,
        durationMs: null,
        responseBody: null,
        nextAttemptAt: '2026-03-02T10:05:00.000Z',
        deliveredAt: null,
      });
      log = [ping, ...log];
      return Response.json(ping, { status: 202 });
    });
    api.on('GET', '/admin/webhooks/1/deliveries', () => {
      const answer = { deliveries: log };
      // The next reading finds the ping delivered.
      log = log.map((d) =>
        d.eventType === 'ping' ? { ...d, status: 'delivered', attempts: 1, statusCode: 204, durationMs: 17, responseBody: 'pong' } : d,
      );
      return answer;
    });
    api.on('POST', '/admin/webhooks/1/deliveries/1/retry', () =>
      Response.json({ ...log.at(-1)!, status: 'pending', nextAttemptAt: null }, { status: 202 }),
    );
    render(<WebhooksSection />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: `Envoyer un test au webhook ${ERP}` }));
    await waitFor(() => expect(toasts.get().map((t) => t.title)).toContain('Événement de test envoyé : suivez-le dans les livraisons'));
    expect(api.callsTo('POST', '/admin/webhooks/1/test')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: `Livraisons du webhook ${ERP}` }));
    const dialog = await screen.findByRole('dialog', { name: `Livraisons de ${ERP}` });
    const ping = () => within(dialog).getByRole('row', { name: /Test ping/ });
    await waitFor(() => expect(within(ping()).getByText('En attente')).toBeTruthy());
    await waitFor(() => expect(within(ping()).getByText('Livrée')).toBeTruthy(), { timeout: 4000 });
    expect(within(ping()).getByText('204')).toBeTruthy();
    expect(within(ping()).getByText('17 ms')).toBeTruthy();
    expect(within(ping()).getByText('pong')).toBeTruthy();
    const failed = within(within(dialog).getByRole('row', { name: /Annonce modifiée/ }));
    expect(failed.getByText('Échec')).toBeTruthy();
    expect(failed.getByText('8')).toBeTruthy();
    expect(failed.getByText('500')).toBeTruthy();
    expect(failed.getByText('Internal error')).toBeTruthy();
    await user.click(failed.getByRole('button', { name: /^Renvoyer la livraison listing\.updated du / }));
    await within(within(dialog).getByRole('row', { name: /Annonce modifiée/ })).findByText('En attente');
    expect(api.callsTo('POST', '/admin/webhooks/1/deliveries/1/retry')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 10_000);

  it('deletes an endpoint only once the confirmation is accepted', async () => {
    const user = userEvent.setup();
    render(<WebhooksSection />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: `Supprimer le webhook ${ERP}` }));
    let confirm = screen.getByRole('alertdialog', { name: 'Supprimer le webhook' });
    expect(within(confirm).getByText(new RegExp(`Supprimer le webhook « ${ERP.replace(/[.]/g, '\\.')} »`))).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(api.callsTo('DELETE', /^\/admin\/webhooks\//)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: `Supprimer le webhook ${ERP}` }));
    confirm = screen.getByRole('alertdialog', { name: 'Supprimer le webhook' });
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('DELETE', '/admin/webhooks/1')).toHaveLength(1);
    expect(screen.queryByRole('row', { name: /erp\.example\.com/ })).toBeNull();
    expect(toasts.get().some((t) => t.title === 'Webhook supprimé')).toBe(true);
  });

  it('says it needs a connection when offline, without asking the API', () => {
    setOnline(false);
    render(<WebhooksSection />);
    expect(
      screen.getByText("Les webhooks se gèrent en ligne uniquement : cette section s'affichera au retour de la connexion."),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ajouter un webhook' })).toBeNull();
    expect(api.callsTo('GET', '/admin/webhooks')).toHaveLength(0);
  });
});
