// The SMTP account form in a modal: create (test first: 'Non testé' until it succeeds) or edit (no
// test needed; an empty password keeps the current one). Errors clear as their field is edited.
import { useState, type FormEvent } from 'react';
import type { SmtpAccount, SmtpTestResult } from '@app/domain/mail';
import { Dialog } from '../../components/dialog.tsx';
import { CheckboxField, TextField } from '../../components/field.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { errorText } from '../../lib/api.ts';
import { withoutError, type FieldErrors } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';
import { CONNECTION_FIELDS, SECURE_HINT, draftOf, emptyDraft, validateAccount, validateTest, type AccountDraft, type AccountField } from './account-form.ts';
import { createAccount, testAccount, testConfig, updateAccount } from './api.ts';

type Props = { account: SmtpAccount | null; onClose: () => void };

export const SMTP_TEST_SUCCESS = { title: 'Connexion SMTP réussie', message: 'Le serveur SMTP est correctement configuré', duration: 6000 } as const;

/** The toasts of a connection test: success for 6 seconds, the server's reason otherwise. */
export function reportTest(result: SmtpTestResult, failureTitle: (message: string) => [string, string?]) {
  if (result.success) toast.success(SMTP_TEST_SUCCESS.title, SMTP_TEST_SUCCESS.message, { duration: SMTP_TEST_SUCCESS.duration });
  else toast.error(...failureTitle(result.message));
  return result.success;
}

export function AccountFormDialog({ account, onClose }: Props) {
  const editing = account !== null;
  const [draft, setDraft] = useState<AccountDraft>(() => (account ? draftOf(account) : emptyDraft()));
  const [errors, setErrors] = useState<FieldErrors<AccountField>>({});
  const [tested, setTested] = useState(false);
  const [testing, setTesting] = useState(false);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof AccountDraft>(key: K, value: AccountDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => withoutError(withoutError<AccountField>(e, key), 'test'));
    if (CONNECTION_FIELDS.includes(key)) setTested(false);
  };

  const test = async () => {
    // Editing without a new password: the stored account is tested.
    if (editing && !draft.password) {
      setTesting(true);
      try {
        setTested(reportTest(await testAccount(account.id), (m) => [`Échec de la connexion: ${m}`]));
      } catch (e) {
        toast.error('Erreur lors du test de connexion', errorText(e, 'Erreur lors du test de connexion'));
      } finally {
        setTesting(false);
      }
      return;
    }
    const checked = validateTest(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setTesting(true);
    try {
      setTested(reportTest(await testConfig(checked.config), (m) => [`Échec de la connexion: ${m}`]));
    } catch (e) {
      toast.error('Erreur lors du test de connexion', errorText(e, 'Erreur lors du test de connexion'));
    } finally {
      setTesting(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = validateAccount(draft, { editing, tested });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setSaving(true);
    try {
      if (result.create) {
        await createAccount(result.create);
        toast.success('Compte SMTP créé avec succès');
      } else {
        await updateAccount(account!.id, result.update);
        toast.success('Compte SMTP mis à jour avec succès');
      }
      onClose();
    } catch (err) {
      if (editing) toast.error('Erreur de modification', errorText(err, 'Erreur lors de la mise à jour du compte'));
      else toast.error('Erreur de création', errorText(err, 'Erreur lors de la création du compte'));
    } finally {
      setSaving(false);
    }
  };

  const busy = saving || testing;
  const text = (key: keyof AccountDraft, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} required value={draft[key] as string} error={errors[key]} onChange={(e) => set(key, e.target.value)} {...extra} />
  );

  return (
    <Dialog
      open
      title={editing ? 'Modifier le compte SMTP' : 'Nouveau compte SMTP'}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Annuler
          </button>
          <button type="button" className="btn" onClick={() => void test()} disabled={busy} aria-busy={testing}>
            {testing ? 'Test en cours...' : 'Tester la connexion'}
          </button>
          <button type="submit" form="smtp-account-form" className="btn btn-primary" disabled={busy} aria-busy={saving}>
            {saving ? 'Sauvegarde...' : editing ? 'Mettre à jour' : 'Créer le compte'}
          </button>
        </>
      }
    >
      <form id="smtp-account-form" className="form-grid" onSubmit={submit} noValidate>
        {editing ? null : (
          <p className="test-state" aria-live="polite">
            État de la connexion : <StatusBadge tone={tested ? 'success' : 'warning'}>{tested ? 'Testé' : 'Non testé'}</StatusBadge>
          </p>
        )}
        {errors.test ? (
          <p className="form-error" role="alert">
            {errors.test}
          </p>
        ) : null}
        {text('name', 'Nom du compte', { 'data-autofocus': true })}
        {text('host', 'Hôte SMTP', { placeholder: 'smtp.example.com', autoComplete: 'off' })}
        {text('port', 'Port', { type: 'number', min: 1, max: 65535, inputMode: 'numeric' })}
        <CheckboxField label="Connexion sécurisée (SSL/TLS)" checked={draft.secure} onChange={(e) => set('secure', e.target.checked)} hint={SECURE_HINT} />
        {text('user', 'Utilisateur', { autoComplete: 'off' })}
        <TextField
          label="Mot de passe"
          type="password"
          required={!editing}
          autoComplete="new-password"
          value={draft.password}
          error={errors.password}
          hint={editing ? 'Laissez vide pour conserver le mot de passe actuel.' : undefined}
          onChange={(e) => set('password', e.target.value)}
        />
        {text('fromName', "Nom d'expéditeur")}
        {text('fromEmail', "Email d'expéditeur", { type: 'email', placeholder: 'noreply@example.com' })}
        <CheckboxField label="Compte actif" checked={draft.isActive} onChange={(e) => set('isActive', e.target.checked)} />
      </form>
    </Dialog>
  );
}
