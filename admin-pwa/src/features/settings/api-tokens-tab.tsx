// 'API': the administrator's API tokens (issue 37), online only. A table on desktop and cards on a
// phone (name, description, access, created, expires, last used), 'Créer un jeton', and per token
// Régénérer (confirmed, then the new value once) and Révoquer (confirmed).
import { useRef, useState } from 'react';
import type { ApiToken } from '@app/domain/api-tokens';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Icon } from '../../components/icons.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { EmptyState, ErrorState, OfflineState } from '../../components/states.tsx';
import { TableRegion } from '../../components/table-region.tsx';
import { errorText } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { countLabel, fill, texts, useAdminLang, useT } from '../../lib/i18n.ts';
import { CARDS_QUERY, useMediaQuery } from '../../lib/media.ts';
import { useOnline } from '../../lib/online.ts';
import { toast } from '../../lib/toast.ts';
import { useRefresh } from '../../lib/use-refresh.ts';
import { ApiTokenFormDialog, GRANTS } from './api-token-form-dialog.tsx';
import { TokenValueDialog } from './api-token-value.tsx';
import { listApiTokens, regenerateApiToken, revokeApiToken } from './api-tokens-api.ts';

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
  const cards = useMediaQuery(CARDS_QUERY);
  if (cards)
    return (
      <ul className="record-cards" aria-label={t.tableCaption}>
        {tokens.map((token) => (
          <li key={token.id} className="card record-card token-card">
            <h3>{token.name}</h3>
            {token.description ? <p className="muted">{token.description}</p> : null}
            <dl className="token-facts">
              <dt>{t.access}</dt>
              <dd>
                <Access token={token} t={t} />
              </dd>
              <dt>{t.created}</dt>
              <dd>{when(token.createdAt, t)}</dd>
              <dt>{t.expires}</dt>
              <dd>{when(token.expiresAt, t)}</dd>
              <dt>{t.lastUsed}</dt>
              <dd>{when(token.lastUsedAt, t)}</dd>
            </dl>
            <TokenActions token={token} {...actions} />
          </li>
        ))}
      </ul>
    );
  return (
    <TableRegion label={t.tableCaption}>
      <table className="table tokens-table">
        <caption className="sr-only">{t.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.name}</th>
            <th scope="col">{t.access}</th>
            <th scope="col">{t.created}</th>
            <th scope="col">{t.expires}</th>
            <th scope="col">{t.lastUsed}</th>
            <th scope="col">{t.actions}</th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token.id}>
              <th scope="row">
                <span className="cell-title">{token.name}</span>
                {token.description ? <span className="cell-sub">{token.description}</span> : null}
              </th>
              <td>
                <Access token={token} t={t} />
              </td>
              <td>{when(token.createdAt, t)}</td>
              <td>{when(token.expiresAt, t)}</td>
              <td>{when(token.lastUsedAt, t)}</td>
              <td>
                <TokenActions token={token} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

export function ApiTokensTab() {
  const online = useOnline();
  const all = useT();
  const t = all.apiTokens;
  const lang = useAdminLang();
  const [tokens, setTokens] = useState<ApiToken[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [regenerating, setRegenerating] = useState<ApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [newValue, setNewValue] = useState<{ name: string; token: string } | null>(null);
  // The new value waits for the confirmation to close, so that its dialog gets the focus back.
  const regenerated = useRef<{ name: string; token: string } | null>(null);

  const { loading, failed, retry } = useRefresh(
    () => listApiTokens().then(setTokens),
    (e) => setLoadError(errorText(e, texts().apiTokens.loadFailed)),
  );
  const reload = () => void listApiTokens().then(setTokens, () => {});

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
      setTokens((list) => list?.filter((x) => x.id !== revoking!.id) ?? null);
    } catch (e) {
      toast.error(all.toasts.deleteTitle, errorText(e, t.revokeFailed));
      throw e;
    }
  };

  if (!online) return <OfflineState message={t.offline} />;
  const list = tokens ?? [];
  return (
    <div className="api-tokens">
      <h2 className="tab-title">{t.title}</h2>
      <p className="muted token-intro">{t.intro}</p>
      <div className="toolbar">
        <p className="muted count">{countLabel(lang, list.length, { one: t.countOne, other: t.countOther })}</p>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          <Icon name="plus" /> {t.create}
        </button>
      </div>
      {tokens === null && loading ? (
        <ListSkeleton rows={3} />
      ) : failed && tokens === null ? (
        <ErrorState message={loadError ?? t.loadFailed} onRetry={retry} />
      ) : list.length ? (
        <TokensList tokens={list} onRegenerate={setRegenerating} onRevoke={setRevoking} />
      ) : (
        <EmptyState title={t.empty} hint={t.emptyHint} />
      )}
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
    </div>
  );
}
