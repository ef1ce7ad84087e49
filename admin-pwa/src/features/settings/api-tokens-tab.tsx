// 'API': the administrator's API tokens (issue 37), online only. A table on desktop and cards on a
// phone (name, description, access, created, expires, last used), 'Créer un jeton', and per token
// Régénérer (confirmed, then the new value once) and Révoquer (confirmed).
import { useRef, useState } from 'react';
import type { ApiToken } from '@app/domain/api-tokens';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Icon } from '../../components/icons.tsx';
import { errorText } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { fill, texts, useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { ApiTokenFormDialog, GRANTS } from './api-token-form-dialog.tsx';
import { TokenValueDialog } from './api-token-value.tsx';
import { listApiTokens, regenerateApiToken, revokeApiToken } from './api-tokens-api.ts';
import { OnlineSection, useOnlineRecords } from './online-section.tsx';
import { RecordList } from './record-list.tsx';

type Dictionary = ReturnType<typeof useT>['apiTokens'];

const when = (value: string | null, t: Dictionary) => (value ? <time dateTime={value}>{formatDateTime(value)}</time> : t.never);

/** 'Personnalisé' and, under it, what a custom token may do ('Annonces : Lecture, Écriture'). */
function Access({ token, t }: { token: ApiToken; t: Dictionary }) {
  const grants =
    token.access === 'custom' && token.permissions
      ? GRANTS.filter(({ resource }) => token.permissions?.[resource]?.length).map(({ resource }) =>
          fill(t.permissionsSummary, {
            resource: t.resources[resource],
            actions: token.permissions![resource]!.map((a) => t[a]).join(', '),
          }),
        )
      : [];
  return (
    <>
      {t.accessLabels[token.access]}
      {grants.map((g) => (
        <span key={g} className="cell-sub">
          {g}
        </span>
      ))}
    </>
  );
}

type Actions = { onRegenerate: (t: ApiToken) => void; onRevoke: (t: ApiToken) => void };

function TokenActions({ token, onRegenerate, onRevoke }: Actions & { token: ApiToken }) {
  const t = useT().apiTokens;
  return (
    <div className="actions">
      <button
        type="button"
        className="btn btn-small"
        aria-label={fill(t.regenerateOf, { name: token.name })}
        onClick={() => onRegenerate(token)}
      >
        <Icon name="refresh" /> {t.regenerate}
      </button>
      <button
        type="button"
        className="btn btn-small btn-danger"
        aria-label={fill(t.revokeOf, { name: token.name })}
        onClick={() => onRevoke(token)}
      >
        <Icon name="trash" /> {t.revoke}
      </button>
    </div>
  );
}

function TokensList({ tokens, ...actions }: Actions & { tokens: readonly ApiToken[] }) {
  const t = useT().apiTokens;
  return (
    <RecordList
      items={tokens}
      id={(token) => token.id}
      label={t.tableCaption}
      className="api-tokens-table"
      titleLabel={t.name}
      title={(token) => token.name}
      sub={(token) => token.description}
      columns={[
        { label: t.access, cell: (token) => <Access token={token} t={t} /> },
        { label: t.created, cell: (token) => when(token.createdAt, t) },
        { label: t.expires, cell: (token) => when(token.expiresAt, t) },
        { label: t.lastUsed, cell: (token) => when(token.lastUsedAt, t) },
      ]}
      actionsLabel={t.actions}
      actions={(token) => <TokenActions token={token} {...actions} />}
    />
  );
}

export function ApiTokensTab() {
  const all = useT();
  const t = all.apiTokens;
  const records = useOnlineRecords(listApiTokens, () => texts().apiTokens.loadFailed);
  const [creating, setCreating] = useState(false);
  const [regenerating, setRegenerating] = useState<ApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [newValue, setNewValue] = useState<{ name: string; token: string } | null>(null);
  // The new value waits for the confirmation to close, so that its dialog gets the focus back.
  const regenerated = useRef<{ name: string; token: string } | null>(null);

  const reload = () =>
    void listApiTokens().then(
      (list) => records.setItems(() => list),
      () => {},
    );

  const regenerate = async () => {
    try {
      const answer = await regenerateApiToken(regenerating!.id);
      toast.success(t.regenerated);
      regenerated.current = { name: answer.name, token: answer.token };
      reload();
    } catch (e) {
      toast.error(all.toasts.updateTitle, errorText(e, t.regenerateFailed));
      throw e;
    }
  };
  const revoke = async () => {
    try {
      await revokeApiToken(revoking!.id);
      toast.success(t.revoked);
      records.setItems((list) => list?.filter((x) => x.id !== revoking!.id) ?? null);
    } catch (e) {
      toast.error(all.toasts.deleteTitle, errorText(e, t.revokeFailed));
      throw e;
    }
  };

  return (
    <OnlineSection
      t={t}
      className="api-tokens"
      records={records}
      onCreate={() => setCreating(true)}
      list={(tokens) => <TokensList tokens={tokens} onRegenerate={setRegenerating} onRevoke={setRevoking} />}
    >
      {creating ? <ApiTokenFormDialog onCreated={reload} onClose={() => setCreating(false)} /> : null}
      {newValue ? (
        <TokenValueDialog
          title={fill(t.regeneratedTitle, { name: newValue.name })}
          value={newValue.token}
          onClose={() => setNewValue(null)}
        />
      ) : null}
      <ConfirmDialog
        open={regenerating !== null}
        title={t.regenerateTitle}
        confirmLabel={t.regenerate}
        busyLabel={t.regenerating}
        onConfirm={regenerate}
        onClose={() => {
          setRegenerating(null);
          setNewValue(regenerated.current);
          regenerated.current = null;
        }}
      >
        <p>{fill(t.regenerateConfirm, { name: regenerating?.name ?? '' })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={revoking !== null}
        title={t.revokeTitle}
        confirmLabel={t.revoke}
        busyLabel={t.revoking}
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
      >
        <p>{fill(t.revokeConfirm, { name: revoking?.name ?? '' })}</p>
      </ConfirmDialog>
    </OnlineSection>
  );
}
