// Records the contract test's valid requests point at, created through the API as a client would
// (listings with an image and a document, a technical document, messages, replies, SMTP accounts,
// subscribers confirmed by the mailed link, a sending), and the admin's session as it changes.
import { CHANGED_ADMIN_PASSWORD, type AdminSession } from './auth.ts';
import type { Sent } from './contract.ts';
import { engineInput, makePdf, png } from '../fixtures/catalogue.ts';
import type { TestServer } from './server.ts';
import type { TestSmtp } from './smtp.ts';

type Listing = { id: number; version: number; imageIds: number[]; documentIds: number[]; imageFile: { key: string; file: string } };
type File = { name: string; type: string; bytes: Buffer };

/** Another strong password, for the change-password examples to switch between. */
const OTHER_PASSWORD = 'Another-Passw0rd!2025';
/** A public address literal for webhook endpoints (no DNS needed; endpoints stay disabled, so nothing is sent). */
export const PUBLIC_HOOK = 'https://93.184.215.14/hooks/catalogue';

export type Fixtures = Awaited<ReturnType<typeof createFixtures>>;

export async function createFixtures(server: TestServer, smtp: TestSmtp, session: AdminSession) {
  let token = session.accessToken;
  let refreshToken = session.refreshToken;
  let password = CHANGED_ADMIN_PASSWORD;
  let visitor = 0;
  let unique = 0;

  /** Each request from a client address of its own (the server trusts X-Forwarded-For here). */
  const send = (sent: Sent, form?: FormData) =>
    server.api(sent.url, {
      method: sent.method.toUpperCase(),
      token: sent.auth ? token : undefined,
      headers: { 'x-forwarded-for': `198.51.${Math.floor(visitor / 250) % 250}.${(visitor++ % 250) + 1}` },
      ...(form ? { body: form } : sent.body !== undefined ? { json: sent.body } : {}),
    });

  /** A set-up call that must succeed; answers its JSON. */
  async function call<T = any>(method: string, url: string, body?: unknown, auth = true, form?: FormData): Promise<T> {
    const res = await send({ method, path: url, url, body, auth }, form);
    const text = await res.text();
    if (!res.ok) throw new Error(`contract fixture: ${method.toUpperCase()} ${url} answered ${res.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  const files = {
    image: { name: 'moteur.png', type: 'image/png', bytes: await png(40, 30) },
    pdf: { name: 'fiche.pdf', type: 'application/pdf', bytes: makePdf('Fiche technique', ['Puissance 1000 HP']) },
  };
  /** An accepted file for a multipart field: images take a PNG, documents a PDF. */
  const fileFor = (field: string): File => (field === 'image' ? files.image : files.pdf);
  const formWith = (field: string, fields: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const file = fileFor(field);
    form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return form;
  };

  async function newListing(media: { image?: boolean; document?: boolean } = {}): Promise<Listing> {
    const created = await call<{ id: number; version: number }>('post', '/products', engineInput({ titleFr: `Moteur ${++unique}` }));
    const listing: Listing = { id: created.id, version: created.version, imageIds: [], documentIds: [], imageFile: { key: '', file: '' } };
    if (media.image) {
      const { image } = await call<{ image: { id: number; url: string } }>(
        'post',
        `/products/${listing.id}/images`,
        undefined,
        true,
        formWith('image'),
      );
      const [, key, file] = /\/media\/images\/([^/]+)\/([^/?]+)/.exec(image.url)!;
      listing.imageIds.push(image.id);
      listing.imageFile = { key: decodeURIComponent(key!), file: decodeURIComponent(file!) };
    }
    if (media.document) {
      const { documents } = await call<{ documents: { id: number }[] }>(
        'post',
        `/products/${listing.id}/documents`,
        undefined,
        true,
        formWith('documents'),
      );
      listing.documentIds.push(documents[0]!.id);
    }
    return listing;
  }

  const newTechnicalDocument = async () =>
    (
      await call<{ document: { id: number } }>(
        'post',
        '/admin/technical-documents/upload',
        undefined,
        true,
        formWith('document', { title: `Notice ${++unique}` }),
      )
    ).document.id;

  async function newInquiry() {
    const email = `visiteur-${++unique}@example.org`;
    await call('post', '/inquiries', { name: 'Jeanne Martin', email, message: 'Bonjour, je souhaite un devis.' }, false);
    const { inquiries } = await call<{ inquiries: { id: number; email: string }[] }>('get', '/inquiries?page=1&limit=100');
    return inquiries.find((i) => i.email === email)!.id;
  }

  const reachableServer = () => {
    const { host, port, secure, user, password: smtpPassword, fromEmail } = smtp.account();
    return { host, port, secure, user, password: smtpPassword, fromEmail };
  };
  const newAccount = async () => (await call<{ id: number }>('post', '/smtp/accounts', smtp.account({ name: `Compte ${++unique}` }))).id;

  const mailAccountId = await newAccount();
  const assignUsage = (usageType: string) =>
    call('put', `/smtp/settings/${usageType}`, { smtpAccountId: mailAccountId, recipientEmail: 'contact@example.test' });
  const { usages } = await call<{ usages: { usageType: string }[] }>('get', '/smtp/settings/usages');
  for (const { usageType } of usages) await assignUsage(usageType);

  const inquiryId = await newInquiry();
  const newReply = async () =>
    (
      await call<{ id: number }>('post', '/email-responses/send', {
        inquiryId,
        smtpAccountId: mailAccountId,
        subject: 'Votre demande',
        message: 'Bonjour, voici notre offre.',
      })
    ).id;

  /** A subscription waiting for its confirmation, with the token the mail carries. */
  async function newSubscription() {
    const email = `abonne-${++unique}@example.org`;
    await call('post', '/newsletter/subscribe', { email, language: 'fr', page: '/' }, false);
    const [mail] = await smtp.waitFor((m) => m.to.includes(email));
    const confirmToken = /\/newsletter\/confirmer\?token=([A-Za-z0-9_-]+)/.exec(mail!.parsed.text ?? '')![1]!;
    const unsubscribeToken = /one-click\?token=([A-Za-z0-9_-]+)/.exec(mail!.header('list-unsubscribe') ?? '')![1]!;
    return { email, confirmToken, unsubscribeToken };
  }
  async function newSubscriber() {
    const subscription = await newSubscription();
    await call('post', '/newsletter/confirm', { token: subscription.confirmToken }, false);
    const { subscribers } = await call<{ subscribers: { id: number; email: string }[] }>(
      'get',
      `/newsletter/admin/subscribers?search=${encodeURIComponent(subscription.email)}`,
    );
    return { ...subscription, id: subscribers.find((s) => s.email === subscription.email)!.id };
  }

  const listing = await newListing({ image: true, document: true });
  const technicalDocumentId = await newTechnicalDocument();
  const replyId = await newReply();
  const subscriberId = (await newSubscriber()).id;
  const sendingId = (
    await call<{ id: number }>('post', '/newsletter/admin/send', {
      subject: 'Nouveautés',
      content: 'Les moteurs du mois.',
      subscriberIds: [subscriberId],
    })
  ).id;

  /** An API token of its own (regenerated or revoked by the operation under test). */
  const newApiToken = async () =>
    (await call<{ id: number }>('post', '/admin/api-tokens', { name: `Jeton ${++unique}`, access: 'read-only', expiresInDays: 30 })).id;

  /**
   * A webhook endpoint of its own, disabled (nothing is sent from the test), at a public address literal:
   * the SSRF guard refuses names it cannot resolve and private addresses. With one queued `ping` delivery.
   */
  const newWebhook = async () => {
    const { id } = await call<{ id: number }>('post', '/admin/webhooks', { url: PUBLIC_HOOK, events: ['*'], enabled: false });
    const delivery = await call<{ id: number }>('post', `/admin/webhooks/${id}/test`);
    return { id, deliveryId: delivery.id };
  };
  const webhook = await newWebhook();

  return {
    send,
    newApiToken,
    webhook,
    newWebhook,
    listing,
    newListing,
    technicalDocumentId,
    newTechnicalDocument,
    inquiryId,
    newInquiry,
    mailAccountId,
    newAccount,
    assignUsage,
    reachableServer,
    replyId,
    newReply,
    subscriberId,
    newSubscription,
    newSubscriber,
    sendingId,
    fileFor,
    get password() {
      return password;
    },
    refreshToken: () => refreshToken,
    /** Switches between two strong passwords. */
    passwordChange: () => {
      const next = password === OTHER_PASSWORD ? CHANGED_ADMIN_PASSWORD : OTHER_PASSWORD;
      return { currentPassword: password, newPassword: next, confirmPassword: next };
    },
    /** Keeps the admin's session usable after the writes that change it. */
    async after(method: string, path: string, res: Response) {
      const key = `${method} ${path}`;
      if (key === 'post /auth/refresh')
        ({ accessToken: token, refreshToken } = (await res.clone().json()) as { accessToken: string; refreshToken: string });
      if (key === 'post /auth/change-password') {
        password = password === OTHER_PASSWORD ? CHANGED_ADMIN_PASSWORD : OTHER_PASSWORD;
        ({ accessToken: token, refreshToken } = (await res.clone().json()) as { accessToken: string; refreshToken: string });
      }
      if (key === 'delete /smtp/settings/{usageType}') await assignUsage(decodeURIComponent(new URL(res.url).pathname.split('/').pop()!));
      if (key === 'post /auth/logout')
        ({ accessToken: token, refreshToken } = await call('post', '/auth/login', { email: 'admin@example.test', password }, false));
    },
  };
}
