// 'Comptes SMTP': one card per account with its activation switch (queued offline), Tester, Éditer
// and Supprimer (confirmation dialog), the count and the add button.
import { useState } from 'react';
import type { SmtpAccount } from '@app/domain/mail';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Icon } from '../../components/icons.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { EmptyState } from '../../components/states.tsx';
import { perform } from '../../db/outbox.ts';
import { errorText } from '../../lib/api.ts';
import { countLabel, fill, texts, useAdminLang, useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { AccountFormDialog, reportTest } from './account-form-dialog.tsx';
import { deleteAccount, testAccount } from './api.ts';
import { ACCOUNT_ACTIVATION } from './operations.ts';

export async function toggleActivation(account: SmtpAccount, isActive: boolean) {
  const all = texts();
  const t = all.smtpAccounts;
  const state = isActive ? t.activated : t.deactivated;
  try {
    const done = await perform(
      ACCOUNT_ACTIVATION,
      { id: account.id, isActive },
      fill(isActive ? t.activationLabel : t.deactivationLabel, { name: account.name }),
    );
    if (done.queued) toast.info(all.toasts.offlineSaved, fill(t.queued, { state }));
    else toast.success(state);
  } catch (e) {
    toast.error(all.toasts.updateTitle, errorText(e, t.statusFailed));
  }
}

function AccountCard({ account, onEdit, onDelete }: { account: SmtpAccount; onEdit: () => void; onDelete: () => void }) {
  const [testing, setTesting] = useState(false);
  const titleId = `smtp-account-${account.id}`;
  const t = useT().smtpAccounts;
  const test = async () => {
    setTesting(true);
    try {
      reportTest(await testAccount(account.id), (m) => [t.testFailed, m]);
    } catch (e) {
      toast.error(t.testError, errorText(e, t.testError));
    } finally {
      setTesting(false);
    }
  };
  return (
    <article className="card smtp-card" aria-labelledby={titleId}>
      <header className="smtp-card-head">
        <h3 id={titleId}>{account.name}</h3>
        <StatusBadge tone={account.isActive ? 'success' : 'neutral'}>{account.isActive ? t.active : t.inactive}</StatusBadge>
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={account.isActive}
            onChange={(e) => void toggleActivation(account, e.target.checked)}
            aria-label={fill(t.activate, { name: account.name })}
          />
          <span className="switch-track" aria-hidden="true" />
        </label>
      </header>
      <dl className="smtp-details">
        <dt>{t.server}</dt>
        <dd>
          {account.host}:{account.port}
        </dd>
        <dt>{t.user}</dt>
        <dd>{account.user}</dd>
        <dt>{t.sender}</dt>
        <dd>
          {account.fromName} &lt;{account.fromEmail}&gt;
        </dd>
        <dt>{t.secure}</dt>
        <dd>{account.secure ? t.yes : t.no}</dd>
      </dl>
      <div className="card-actions">
        <button type="button" className="btn btn-small" onClick={() => void test()} disabled={testing} aria-busy={testing}>
          {testing ? t.testing : t.test}
        </button>
        <button type="button" className="btn btn-small" onClick={onEdit}>
          <Icon name="edit" /> {t.edit}
        </button>
        <button type="button" className="btn btn-small btn-danger" onClick={onDelete}>
          <Icon name="trash" /> {t.delete}
        </button>
      </div>
    </article>
  );
}

export function AccountsTab({ accounts }: { accounts: readonly SmtpAccount[] }) {
  const states = useT().states;
  const [editing, setEditing] = useState<SmtpAccount | null | 'new'>(null);
  const [deleting, setDeleting] = useState<SmtpAccount | null>(null);
  const all = useT();
  const t = all.smtpAccounts;
  const lang = useAdminLang();
  const remove = async () => {
    try {
      await deleteAccount(deleting!.id);
      toast.success(t.deleted);
    } catch (e) {
      toast.error(all.toasts.deleteTitle, errorText(e, t.deleteFailed));
      throw e;
    }
  };
  return (
    <div className="smtp-accounts">
      <div className="toolbar">
        <p className="muted count">{countLabel(lang, accounts.length, { one: t.countOne, other: t.countOther })}</p>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          <Icon name="plus" /> {t.add}
        </button>
      </div>
      {accounts.length ? (
        <div className="card-grid">
          {accounts.map((a) => (
            <AccountCard key={a.id} account={a} onEdit={() => setEditing(a)} onDelete={() => setDeleting(a)} />
          ))}
        </div>
      ) : (
        <EmptyState title={states.noAccounts} hint={states.noAccountsHint} />
      )}
      {editing ? <AccountFormDialog account={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog open={deleting !== null} title={t.deleteTitle} onConfirm={remove} onClose={() => setDeleting(null)}>
        <p>{fill(t.deleteConfirm, { name: deleting?.name ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
