// 'API': the administrator's API tokens (issue 37), online only. A table on desktop and cards on a
// phone (name, description, access, created, expires, last used), 'Créer un jeton', and per token
// Régénérer (confirmed, then the new value once) and Révoquer (confirmed).
import { useRef, useState } from 'react';
import type { ApiToken } from '@app/domain/api-tokens';
import { errorText } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { fill, texts, useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { ApiTokenFormDialog, GRANTS } from './api-token-form-dialog.tsx';
import { TokenValueDialog } from './api-token-value.tsx';
import { listApiTokens, regenerateApiToken, revokeApiToken } from './api-tokens-api.ts';
import { OnlineSection, useOnlineRecords } from './online-section.tsx';
import { RecordAction, RecordList } from './record-list.tsx';
import { useConfirmedAction, useRemoveRecord } from './remove-record.tsx';

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
      <RecordAction
        label={t.regenerate}
        name={fill(t.regenerateOf, { name: token.name })}
        icon="refresh"
        onClick={() => onRegenerate(token)}
      />
      <RecordAction label={t.revoke} name={fill(t.revokeOf, { name: token.name })} icon="trash" onClick={() => onRevoke(token)} danger />
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
  const [newValue, setNewValue] = useState<{ name: string; token: string } | null>(null);
  // The new value waits for the confirmation to close, so that its dialog gets the focus back.
  const regenerated = useRef<{ name: string; token: string } | null>(null);

  const reload = () =>
    void listApiTokens().then(
      (list) => records.setItems(() => list),
      () => {},
    );

  const regenerating = useConfirmedAction<ApiToken>(
    { title: t.regenerateTitle, confirm: t.regenerate, busy: t.regenerating },
    (token) => fill(t.regenerateConfirm, { name: token?.name ?? '' }),
    async (token) => {
      try {
        const answer = await regenerateApiToken(token.id);
        toast.success(t.regenerated);
        regenerated.current = { name: answer.name, token: answer.token };
        reload();
      } catch (e) {
        toast.error(all.toasts.updateTitle, errorText(e, t.regenerateFailed));
        throw e;
      }
    },
    () => {
      setNewValue(regenerated.current);
      regenerated.current = null;
    },
  );
  const revoking = useRemoveRecord(records, revokeApiToken, (token) => fill(t.revokeConfirm, { name: token?.name ?? '' }), {
    title: t.revokeTitle,
    confirm: t.revoke,
    busy: t.revoking,
    done: t.revoked,
    failed: t.revokeFailed,
  });

  return (
    <OnlineSection
      t={t}
      className="api-tokens"
      records={records}
      onCreate={() => setCreating(true)}
      list={(tokens) => <TokensList tokens={tokens} onRegenerate={regenerating.ask} onRevoke={revoking.ask} />}
    >
      {creating ? <ApiTokenFormDialog onCreated={reload} onClose={() => setCreating(false)} /> : null}
      {newValue ? (
        <TokenValueDialog
          title={fill(t.regeneratedTitle, { name: newValue.name })}
          value={newValue.token}
          onClose={() => setNewValue(null)}
        />
      ) : null}
      {regenerating.dialog}
      {revoking.dialog}
    </OnlineSection>
  );
}
