// Usage assignments: the newsletter saves as soon as an account is chosen; a contact form saves once
// it has an account and a valid recipient (on choosing the account, or when the e-mail loses focus);
// the card's state label follows; only active accounts are offered.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SmtpAccount, SmtpSetting } from '@app/domain/mail';
import { toasts } from '../../lib/toast.ts';
import { freshStart, type FakeApi } from '../../test-fetch.ts';
import { UsageTab } from './usage-tab.tsx';

let api: FakeApi;
const acc = (id: number, name: string, isActive = true): SmtpAccount => ({
  id,
  name,
  host: 'smtp.example.com',
  port: 587,
  secure: false,
  user: 'u',
  fromName: 'F',
  fromEmail: 'f@example.com',
  isActive,
  createdAt: '',
  updatedAt: '',
});
const accounts = [acc(1, 'Principal'), acc(2, 'Ancien compte', false), acc(3, 'Secours')];

beforeEach(async () => {
  api = await freshStart();
  api.on('PUT', /^\/smtp\/settings\/\w+$/, (c) => ({
    usageType: c.path.split('/').pop(),
    ...(c.body as object),
    state: 'configured',
    updatedAt: '',
  }));
});

const card = (name: string) => screen.getByRole('article', { name });
const FR = 'Formulaire de contact (français)';
const EN = 'Formulaire de contact (anglais)';

describe('usage assignments', () => {
  it('offers only active accounts', () => {
    render(<UsageTab settings={[]} accounts={accounts} />);
    const options = within(card('Newsletter'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Aucun compte assigné', 'Principal', 'Secours']);
  });

  it('saves the newsletter as soon as an account is chosen', async () => {
    const user = userEvent.setup();
    render(<UsageTab settings={[]} accounts={accounts} />);
    expect(within(card('Newsletter')).getByText('Configuration incomplète')).toBeTruthy();
    await user.selectOptions(within(card('Newsletter')).getByLabelText('Compte SMTP'), 'Secours');
    await waitFor(() => expect(api.callsTo('PUT', '/smtp/settings/newsletter')).toHaveLength(1));
    expect(api.callsTo('PUT', '/smtp/settings/newsletter')[0]!.body).toEqual({ smtpAccountId: 3, recipientEmail: null });
    expect(within(card('Newsletter')).getByText('Configuré')).toBeTruthy();
    await waitFor(() => expect(toasts.get().some((t) => t.title === 'Paramètre SMTP mis à jour')).toBe(true));
  });

  it('does not save a contact form chosen without a recipient, and says a recipient is missing', async () => {
    const user = userEvent.setup();
    render(<UsageTab settings={[]} accounts={accounts} />);
    await user.selectOptions(within(card(FR)).getByLabelText('Compte SMTP'), 'Principal');
    expect(within(card(FR)).getByText('Configuration incomplète - Veuillez saisir un email de réception')).toBeTruthy();
    expect(api.callsTo('PUT', /^\/smtp\/settings\//)).toHaveLength(0);
  });

  it('saves a contact form when a valid recipient loses focus, not an invalid one', async () => {
    const user = userEvent.setup();
    render(<UsageTab settings={[]} accounts={accounts} />);
    const fr = within(card(FR));
    await user.selectOptions(fr.getByLabelText('Compte SMTP'), 'Principal');
    await user.type(fr.getByLabelText('Email de réception'), 'ventes@exemple');
    await user.tab();
    expect(fr.getByText("Format d'email invalide")).toBeTruthy();
    expect(api.callsTo('PUT', /^\/smtp\/settings\//)).toHaveLength(0);

    await user.type(fr.getByLabelText('Email de réception'), '.fr');
    expect(fr.queryByText("Format d'email invalide")).toBeNull();
    await user.tab();
    await waitFor(() => expect(api.callsTo('PUT', '/smtp/settings/contact_form_fr')).toHaveLength(1));
    expect(api.callsTo('PUT', '/smtp/settings/contact_form_fr')[0]!.body).toEqual({
      smtpAccountId: 1,
      recipientEmail: 'ventes@exemple.fr',
    });
    expect(fr.getByText('Configuré')).toBeTruthy();
  });

  it('does not save a recipient that loses focus while no account is chosen', async () => {
    const user = userEvent.setup();
    render(<UsageTab settings={[]} accounts={accounts} />);
    await user.type(within(card(EN)).getByLabelText('Email de réception'), 'sales@example.com');
    await user.tab();
    expect(api.callsTo('PUT', /^\/smtp\/settings\//)).toHaveLength(0);
    expect(within(card(EN)).getByText('Configuration incomplète')).toBeTruthy();
  });

  it('saves at once when an account is chosen for a contact form that already has a recipient', async () => {
    const existing: SmtpSetting = {
      usageType: 'contact_form_en',
      smtpAccountId: null,
      recipientEmail: 'sales@example.com',
      state: 'incomplete',
      updatedAt: '',
    };
    const user = userEvent.setup();
    render(<UsageTab settings={[existing]} accounts={accounts} />);
    await user.selectOptions(within(card(EN)).getByLabelText('Compte SMTP'), 'Secours');
    await waitFor(() => expect(api.callsTo('PUT', '/smtp/settings/contact_form_en')).toHaveLength(1));
    expect(api.callsTo('PUT', '/smtp/settings/contact_form_en')[0]!.body).toEqual({
      smtpAccountId: 3,
      recipientEmail: 'sales@example.com',
    });
  });

  it('shows the server message when saving fails', async () => {
    api.on('PUT', /^\/smtp\/settings\/\w+$/, () => Response.json({ error: 'Compte SMTP introuvable' }, { status: 404 }));
    const user = userEvent.setup();
    render(<UsageTab settings={[]} accounts={accounts} />);
    await user.selectOptions(within(card('Newsletter')).getByLabelText('Compte SMTP'), 'Principal');
    await waitFor(() => expect(toasts.get().some((t) => t.message === 'Compte SMTP introuvable')).toBe(true));
  });
});
