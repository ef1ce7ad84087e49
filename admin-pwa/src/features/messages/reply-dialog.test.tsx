// The quick-reply modal: prefilled subject and body, active accounts only with names truncated
// beyond 25 characters, the chosen sender shown, the no-account warning, validation, and a failed
// send that keeps the modal open with the server's message.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Inquiry } from '@app/domain/inquiries';
import type { SmtpAccount } from '@app/domain/mail';
import { db } from '../../db/db.ts';
import { toasts } from '../../lib/toast.ts';
import { freshStart, setOnline, type FakeApi } from '../../test-fetch.ts';
import { ReplyDialog } from './reply-dialog.tsx';
import '../../app/operations.ts';

let api: FakeApi;
const inquiry: Inquiry = {
  id: 4,
  name: 'Jean Martin',
  email: 'jean@example.com',
  phone: '+33 6 12 34 56 78',
  message: 'Bonjour,\nquel est le prix du groupe 100 kVA ?',
  language: 'fr',
  productReference: 'GE-100',
  createdAt: '2024-05-02T08:30:00.000Z',
};
const acc = (id: number, name: string, isActive = true): SmtpAccount => ({
  id,
  name,
  host: 'h',
  port: 587,
  secure: false,
  user: 'u',
  fromName: `Expéditeur ${id}`,
  fromEmail: `envoi${id}@example.com`,
  isActive,
  createdAt: '',
  updatedAt: '',
});

const open = (accounts: SmtpAccount[], onClose = vi.fn()) =>
  render(
    <MemoryRouter>
      <ReplyDialog inquiry={inquiry} accounts={accounts} onClose={onClose} />
    </MemoryRouter>,
  );

beforeEach(async () => {
  api = await freshStart();
});

describe('quick reply modal', () => {
  it('prefills the subject, a greeting and signature body, and the read-only recipient', () => {
    open([acc(1, 'Principal')]);
    const dialog = screen.getByRole('dialog', { name: 'Répondre à Jean Martin' });
    expect((within(dialog).getByLabelText(/Sujet/) as HTMLInputElement).value).toBe('Re: Votre demande via Provence Moteurs');
    const body = (within(dialog).getByRole('textbox', { name: /^Message/ }) as HTMLTextAreaElement).value;
    expect(body.startsWith('Bonjour Jean Martin,')).toBe(true);
    expect(body).toContain("Cordialement,\nL'équipe Provence Moteurs");
    const to = within(dialog).getByLabelText('Destinataire') as HTMLInputElement;
    expect(to.value).toBe('jean@example.com');
    expect(to.readOnly).toBe(true);
    expect(within(dialog).getByText(/automatiquement mis en forme avec l'en-tête et la signature/)).toBeTruthy();
    expect(within(dialog).getByText(/quel est le prix du groupe 100 kVA/)).toBeTruthy();
  });

  it('uses the configured brand in the subject and signature when the API has given one', () => {
    render(
      <MemoryRouter>
        <ReplyDialog inquiry={inquiry} brand="Marine Diesel Sud" accounts={[acc(1, 'Principal')]} onClose={vi.fn()} />
      </MemoryRouter>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Répondre à Jean Martin' });
    expect((within(dialog).getByLabelText(/Sujet/) as HTMLInputElement).value).toBe('Re: Votre demande via Marine Diesel Sud');
    expect((within(dialog).getByRole('textbox', { name: /^Message/ }) as HTMLTextAreaElement).value).toContain(
      "L'équipe Marine Diesel Sud",
    );
  });

  it('offers active accounts only, preselects the first, truncates long names and shows the sender', async () => {
    const user = userEvent.setup();
    open([acc(1, 'Compte désactivé', false), acc(2, 'Service commercial Provence Moteurs'), acc(3, 'Support')]);
    const select = screen.getByLabelText(/Compte d'envoi/) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Service commercial Proven...', 'Support']);
    expect(select.value).toBe('2');
    expect(screen.getByText('Expéditeur : Expéditeur 2 <envoi2@example.com>')).toBeTruthy();
    await user.selectOptions(select, '3');
    expect(screen.getByText('Expéditeur : Expéditeur 3 <envoi3@example.com>')).toBeTruthy();
  });

  it("warns 'Aucun compte SMTP actif' and cannot send when no account is active", () => {
    open([acc(1, 'Inactif', false)]);
    expect(screen.getByRole('alert').textContent).toContain('Aucun compte SMTP actif');
    expect((screen.getByRole('button', { name: 'Envoyer la réponse' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('requires a non-blank subject and message', async () => {
    const user = userEvent.setup();
    open([acc(1, 'Principal')]);
    await user.clear(screen.getByLabelText(/Sujet/));
    await user.type(screen.getByLabelText(/Sujet/), '   ');
    await user.clear(screen.getByRole('textbox', { name: /^Message/ }));
    await user.click(screen.getByRole('button', { name: 'Envoyer la réponse' }));
    expect(screen.getByText('Le sujet est requis')).toBeTruthy();
    expect(screen.getByText('Le message est requis')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('sends inquiry, account, subject and message, then closes with a success toast', async () => {
    api.on('POST', '/email-responses/send', (c) => ({ id: 1, ...(c.body as object) }));
    const user = userEvent.setup();
    const onClose = vi.fn();
    open([acc(5, 'Principal')], onClose);
    await user.click(screen.getByRole('button', { name: 'Envoyer la réponse' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', '/email-responses/send')[0]!.body).toMatchObject({
      inquiryId: 4,
      smtpAccountId: 5,
      subject: 'Re: Votre demande via Provence Moteurs',
    });
    expect(toasts.get().some((t) => t.title === 'Réponse envoyée')).toBe(true);
  });

  it('keeps the modal open and shows the server message when the send fails', async () => {
    api.on('POST', '/email-responses/send', () => Response.json({ error: "Erreur lors de l'envoi : connexion refusée" }, { status: 502 }));
    const user = userEvent.setup();
    const onClose = vi.fn();
    open([acc(5, 'Principal')], onClose);
    await user.click(screen.getByRole('button', { name: 'Envoyer la réponse' }));
    await waitFor(() =>
      expect(toasts.get().some((t) => t.title === "Erreur d'envoi" && t.message === "Erreur lors de l'envoi : connexion refusée")).toBe(
        true,
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('queues the reply in the outbox when offline', async () => {
    setOnline(false);
    const user = userEvent.setup();
    const onClose = vi.fn();
    open([acc(5, 'Principal')], onClose);
    await user.click(screen.getByRole('button', { name: 'Envoyer la réponse' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'inquiry.reply', state: 'waiting', payload: { inquiryId: 4, smtpAccountId: 5 } });
    expect(api.calls).toHaveLength(0);
  });
});
