// 'Comptes SMTP': one card per account with its activation switch (queued offline), Tester, Éditer
// and Supprimer (confirmation dialog), the count and the add button.
import { useState } from 'react';
import type { SmtpAccount } from '@app/domain/mail';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Icon } from '../../components/icons.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { EmptyState } from '../../components/states.tsx';
import { useT } from '../../lib/i18n.ts';
import { perform } from '../../db/outbox.ts';
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { AccountFormDialog, reportTest } from './account-form-dialog.tsx';
import { deleteAccount, testAccount } from './api.ts';
import { ACCOUNT_ACTIVATION } from './operations.ts';

export async function toggleActivation(account: SmtpAccount, isActive: boolean) {
  try {
    const done = await perform(ACCOUNT_ACTIVATION, { id: account.id, isActive }, `${isActive ? 'Activation' : 'Désactivation'} du compte « ${account.name} »`);
    if (done.queued) toast.info('Enregistré hors ligne', `${isActive ? 'Compte activé' : 'Compte désactivé'} : envoyé au retour de la connexion.`);
    else toast.success(isActive ? 'Compte activé' : 'Compte désactivé');
  } catch (e) {
    toast.error('Erreur de modification', errorText(e, 'Erreur lors de la modification du statut'));
  }
}

function AccountCard({ account, onEdit, onDelete }: { account: SmtpAccount; onEdit: () => void; onDelete: () => void }) {
  const [testing, setTesting] = useState(false);
  const titleId = `smtp-account-${account.id}`;
  const test = async () => {
    setTesting(true);
    try {
      reportTest(await testAccount(account.id), (m) => ['Échec du test de connexion', m]);
    } catch (e) {
      toast.error('Erreur lors du test de connexion', errorText(e, 'Erreur lors du test de connexion'));
    } finally {
      setTesting(false);
    }
  };
  return (
    <article className="card smtp-card" aria-labelledby={titleId}>
      <header className="smtp-card-head">
        <h3 id={titleId}>{account.name}</h3>
        <StatusBadge tone={account.isActive ? 'success' : 'neutral'}>{account.isActive ? 'Actif' : 'Inactif'}</StatusBadge>
        <label className="switch">
          <input type="checkbox" role="switch" checked={account.isActive} onChange={(e) => void toggleActivation(account, e.target.checked)} aria-label={`Activer le compte ${account.name}`} />
          <span className="switch-track" aria-hidden="true" />
        </label>
      </header>
      <dl className="smtp-details">
        <dt>Serveur</dt>
        <dd>
          {account.host}:{account.port}
        </dd>
        <dt>Utilisateur</dt>
        <dd>{account.user}</dd>
        <dt>Expéditeur</dt>
        <dd>
          {account.fromName} &lt;{account.fromEmail}&gt;
        </dd>
        <dt>Sécurisé</dt>
        <dd>{account.secure ? 'Oui' : 'Non'}</dd>
      </dl>
      <div className="card-actions">
        <button type="button" className="btn btn-small" onClick={() => void test()} disabled={testing} aria-busy={testing}>
          {testing ? 'Test en cours...' : 'Tester'}
        </button>
        <button type="button" className="btn btn-small" onClick={onEdit}>
          <Icon name="edit" /> Éditer
        </button>
        <button type="button" className="btn btn-small btn-danger" onClick={onDelete}>
          <Icon name="trash" /> Supprimer
        </button>
      </div>
    </article>
  );
}

export function AccountsTab({ accounts }: { accounts: readonly SmtpAccount[] }) {
  const states = useT().states;
  const [editing, setEditing] = useState<SmtpAccount | null | 'new'>(null);
  const [deleting, setDeleting] = useState<SmtpAccount | null>(null);
  const remove = async () => {
    try {
      await deleteAccount(deleting!.id);
      toast.success('Compte SMTP supprimé avec succès');
    } catch (e) {
      toast.error('Erreur de suppression', errorText(e, 'Erreur lors de la suppression du compte'));
      throw e;
    }
  };
  return (
    <div className="smtp-accounts">
      <div className="toolbar">
        <p className="muted count">
          {accounts.length} compte{accounts.length > 1 ? 's' : ''} SMTP
        </p>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          <Icon name="plus" /> Ajouter un compte
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
      <ConfirmDialog open={deleting !== null} title="Supprimer le compte SMTP" onConfirm={remove} onClose={() => setDeleting(null)}>
        <p>Êtes-vous sûr de vouloir supprimer le compte « {deleting?.name} » ? Les usages qui l'utilisent n'auront plus de compte assigné.</p>
      </ConfirmDialog>
    </div>
  );
}
