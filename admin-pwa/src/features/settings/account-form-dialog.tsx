// The SMTP account form in a modal: create (test first: 'Non testé' until it succeeds) or edit (no
// test needed; an empty password keeps the current one). Errors clear as their field is edited.
import { useState, type FormEvent } from 'react';
import type { SmtpAccount, SmtpTestResult } from '@app/domain/mail';
import { Dialog } from '../../components/dialog.tsx';
import { CheckboxField, TextField } from '../../components/field.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { errorText } from '../../lib/api.ts';
import { withoutError, type FieldErrors } from '../../lib/form-errors.ts';
import { fill, texts, useT } from '../../lib/i18n.ts';
import { localizedErrors } from '../../lib/localized.ts';
import { toast } from '../../lib/toast.ts';
import {
  CONNECTION_FIELDS,
  draftOf,
  emptyDraft,
  validateAccount,
  validateTest,
  type AccountDraft,
  type AccountField,
} from './account-form.ts';
import { createAccount, testAccount, testConfig, updateAccount } from './api.ts';

type Props = { account: SmtpAccount | null; onClose: () => void };

/** The spec's duration of a successful test's toast (back-office §9). */
export const SMTP_TEST_SUCCESS_MS = 6000;

/** The toasts of a connection test: success for 6 seconds, the server's reason otherwise. */
export function reportTest(result: SmtpTestResult, failureTitle: (message: string) => [string, string?]) {
  const t = texts().smtpAccounts;
  if (result.success) toast.success(t.testOk, t.testOkMessage, { duration: SMTP_TEST_SUCCESS_MS });
  else toast.error(...failureTitle(result.message));
  return result.success;
}

export function AccountFormDialog({ account, onClose }: Props) {
  const editing = account !== null;
  const all = useT();
  const t = all.smtpForm;
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
        setTested(reportTest(await testAccount(account.id), (m) => [fill(t.connectionFailed, { message: m })]));
      } catch (e) {
        toast.error(all.smtpAccounts.testError, errorText(e, all.smtpAccounts.testError));
      } finally {
        setTesting(false);
      }
      return;
    }
    const checked = validateTest(draft);
    if (!checked.ok) {
      setErrors(localizedErrors(checked.errors));
      return;
    }
    setTesting(true);
    try {
      setTested(reportTest(await testConfig(checked.config), (m) => [fill(t.connectionFailed, { message: m })]));
    } catch (e) {
      toast.error(all.smtpAccounts.testError, errorText(e, all.smtpAccounts.testError));
    } finally {
      setTesting(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = validateAccount(draft, { editing, tested });
    if (!result.ok) {
      setErrors(localizedErrors(result.errors));
      return;
    }
    setSaving(true);
    try {
      if (result.create) {
        await createAccount(result.create);
        toast.success(t.created);
      } else {
        await updateAccount(account!.id, result.update);
        toast.success(t.updated);
      }
      onClose();
    } catch (err) {
      // Back-office §8 SMTP: what failed as the title, the server's message or else the save's fallback.
      toast.error(editing ? t.updateFailed : t.createFailed, errorText(err, t.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  const busy = saving || testing;
  const text = (key: keyof AccountDraft, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      required
      value={draft[key] as string}
      error={errors[key]}
      onChange={(e) => set(key, e.target.value)}
      {...extra}
    />
  );

  return (
    <Dialog
      open
      title={editing ? t.editTitle : t.newTitle}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t.cancel}
          </button>
          <button type="button" className="btn" onClick={() => void test()} disabled={busy} aria-busy={testing}>
            {testing ? t.testing : t.test}
          </button>
          <button type="submit" form="smtp-account-form" className="btn btn-primary" disabled={busy} aria-busy={saving}>
            {saving ? t.saving : editing ? t.update : t.create}
          </button>
        </>
      }
    >
      <form id="smtp-account-form" className="form-grid" onSubmit={submit} noValidate>
        {editing ? null : (
          <p className="test-state" aria-live="polite">
            {t.connectionState} <StatusBadge tone={tested ? 'success' : 'warning'}>{tested ? t.tested : t.untested}</StatusBadge>
          </p>
        )}
        {errors.test ? (
          <p className="form-error" role="alert">
            {errors.test}
          </p>
        ) : null}
        {text('name', t.name, { 'data-autofocus': true })}
        {text('host', t.host, { placeholder: 'smtp.example.com', autoComplete: 'off' })}
        {text('port', t.port, { type: 'number', min: 1, max: 65535, inputMode: 'numeric' })}
        <CheckboxField label={t.secure} checked={draft.secure} onChange={(e) => set('secure', e.target.checked)} hint={t.secureHint} />
        {text('user', t.user, { autoComplete: 'off' })}
        <TextField
          label={t.password}
          type="password"
          required={!editing}
          autoComplete="new-password"
          value={draft.password}
          error={errors.password}
          hint={editing ? t.keepPassword : undefined}
          onChange={(e) => set('password', e.target.value)}
        />
        {text('fromName', t.fromName)}
        {text('fromEmail', t.fromEmail, { type: 'email', placeholder: 'noreply@example.com' })}
        <CheckboxField label={t.isActive} checked={draft.isActive} onChange={(e) => set('isActive', e.target.checked)} />
      </form>
    </Dialog>
  );
}
