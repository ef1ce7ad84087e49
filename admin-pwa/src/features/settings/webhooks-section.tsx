// 'Webhooks', below the API tokens in the 'API' tab (issue 37 part 3), online only. A table on desktop
// and cards on a phone (URL, description, events, enabled or why the server disabled it), 'Ajouter un
// webhook' (its secret shown once), and per endpoint: enable or disable, edit, send a test event, its
// delivery log, and delete (confirmed).
import { useState } from 'react';
import { ALL_EVENTS, type Webhook } from '@app/domain/webhooks';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Icon } from '../../components/icons.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { EmptyState, ErrorState, OfflineState } from '../../components/states.tsx';
import { TableRegion } from '../../components/table-region.tsx';
import { errorText } from '../../lib/api.ts';
import { countLabel, fill, texts, useAdminLang, useT } from '../../lib/i18n.ts';
import { CARDS_QUERY, useMediaQuery } from '../../lib/media.ts';
import { useOnline } from '../../lib/online.ts';
import { toast } from '../../lib/toast.ts';
import { useRefresh } from '../../lib/use-refresh.ts';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog.tsx';
import { WebhookFormDialog } from './webhook-form-dialog.tsx';
import { deleteWebhook, listWebhooks, sendTestEvent, updateWebhook } from './webhooks-api.ts';

type Dictionary = ReturnType<typeof useT>['webhooks'];

function Events({ webhook, t }: { webhook: Webhook; t: Dictionary }) {
  if (webhook.events.includes(ALL_EVENTS)) return <>{t.allEvents}</>;
  return (
    <ul className="webhook-event-list">
      {webhook.events.map((event) => (
        <li key={event}>
          <code>{event}</code>
        </li>
      ))}
    </ul>
  );
}

function State({ webhook, t }: { webhook: Webhook; t: Dictionary }) {
  return (
    <>
      <span className={`badge ${webhook.enabled ? 'badge-success' : 'badge-neutral'}`}>{webhook.enabled ? t.enabled : t.disabled}</span>
      {webhook.disabledReason ? <span className="cell-sub">{fill(t.disabledReason, { reason: webhook.disabledReason })}</span> : null}
    </>
  );
}

type Actions = {
  onToggle: (w: Webhook) => void;
  onEdit: (w: Webhook) => void;
  onTest: (w: Webhook) => void;
  onDeliveries: (w: Webhook) => void;
  onDelete: (w: Webhook) => void;
};

function WebhookActions({ webhook, onToggle, onEdit, onTest, onDeliveries, onDelete }: Actions & { webhook: Webhook }) {
  const t = useT().webhooks;
  const url = webhook.url;
  const button = (label: string, name: string, icon: Parameters<typeof Icon>[0]['name'], run: () => void, danger = false) => (
    <button type="button" className={`btn btn-small${danger ? ' btn-danger' : ''}`} aria-label={name} onClick={run}>
      <Icon name={icon} /> {label}
    </button>
  );
  return (
    <div className="actions">
      {webhook.enabled
        ? button(t.disable, fill(t.disableOf, { url }), 'close', () => onToggle(webhook))
        : button(t.enable, fill(t.enableOf, { url }), 'success', () => onToggle(webhook))}
      {button(t.edit, fill(t.editOf, { url }), 'edit', () => onEdit(webhook))}
      {button(t.test, fill(t.testOf, { url }), 'upload', () => onTest(webhook))}
      {button(t.deliveries, fill(t.deliveriesOf, { url }), 'listings', () => onDeliveries(webhook))}
      {button(t.delete, fill(t.deleteOf, { url }), 'trash', () => onDelete(webhook), true)}
    </div>
  );
}

function WebhooksList({ webhooks, ...actions }: Actions & { webhooks: readonly Webhook[] }) {
  const t = useT().webhooks;
  const cards = useMediaQuery(CARDS_QUERY);
  if (cards)
    return (
      <ul className="record-cards" aria-label={t.tableCaption}>
        {webhooks.map((webhook) => (
          <li key={webhook.id} className="card record-card token-card">
            <h3>{webhook.url}</h3>
            {webhook.description ? <p className="muted">{webhook.description}</p> : null}
            <dl className="token-facts">
              <dt>{t.events}</dt>
              <dd>
                <Events webhook={webhook} t={t} />
              </dd>
              <dt>{t.state}</dt>
              <dd>
                <State webhook={webhook} t={t} />
              </dd>
            </dl>
            <WebhookActions webhook={webhook} {...actions} />
          </li>
        ))}
      </ul>
    );
  return (
    <TableRegion label={t.tableCaption}>
      <table className="table tokens-table webhooks-table">
        <caption className="sr-only">{t.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.url}</th>
            <th scope="col">{t.events}</th>
            <th scope="col">{t.state}</th>
            <th scope="col">{t.actions}</th>
          </tr>
        </thead>
        <tbody>
          {webhooks.map((webhook) => (
            <tr key={webhook.id}>
              <th scope="row">
                <span className="cell-title">{webhook.url}</span>
                {webhook.description ? <span className="cell-sub">{webhook.description}</span> : null}
              </th>
              <td>
                <Events webhook={webhook} t={t} />
              </td>
              <td>
                <State webhook={webhook} t={t} />
              </td>
              <td>
                <WebhookActions webhook={webhook} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

export function WebhooksSection() {
  const online = useOnline();
  const all = useT();
  const t = all.webhooks;
  const lang = useAdminLang();
  const [webhooks, setWebhooks] = useState<Webhook[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);

  const { loading, failed, retry } = useRefresh(
    () => listWebhooks().then(setWebhooks),
    (e) => setLoadError(errorText(e, texts().webhooks.loadFailed)),
  );
  const replace = (updated: Webhook) =>
    setWebhooks((list) =>
      list?.some((w) => w.id === updated.id) ? list.map((w) => (w.id === updated.id ? updated : w)) : [...(list ?? []), updated],
    );

  const toggle = async (webhook: Webhook) => {
    try {
      replace(await updateWebhook(webhook.id, { enabled: !webhook.enabled }));
      toast.success(webhook.enabled ? t.disabledToast : t.enabledToast);
    } catch (e) {
      toast.error(all.toasts.updateTitle, errorText(e, t.updateFailed));
    }
  };
  const test = async (webhook: Webhook) => {
    try {
      await sendTestEvent(webhook.id);
      toast.success(t.testSent);
    } catch (e) {
      toast.error(all.toasts.createTitle, errorText(e, t.testFailed));
    }
  };
  const remove = async () => {
    try {
      await deleteWebhook(deleting!.id);
      toast.success(t.deleted);
      setWebhooks((list) => list?.filter((x) => x.id !== deleting!.id) ?? null);
    } catch (e) {
      toast.error(all.toasts.deleteTitle, errorText(e, t.deleteFailed));
      throw e;
    }
  };

  if (!online) return <OfflineState message={t.offline} />;
  const list = webhooks ?? [];
  return (
    <section className="webhooks" aria-labelledby="webhooks-title">
      <h2 className="tab-title" id="webhooks-title">
        {t.title}
      </h2>
      <p className="muted token-intro">{t.intro}</p>
      <div className="toolbar">
        <p className="muted count">{countLabel(lang, list.length, { one: t.countOne, other: t.countOther })}</p>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          <Icon name="plus" /> {t.create}
        </button>
      </div>
      {webhooks === null && loading ? (
        <ListSkeleton rows={2} />
      ) : failed && webhooks === null ? (
        <ErrorState message={loadError ?? t.loadFailed} onRetry={retry} />
      ) : list.length ? (
        <WebhooksList
          webhooks={list}
          onToggle={(w) => void toggle(w)}
          onEdit={setEditing}
          onTest={(w) => void test(w)}
          onDeliveries={setLogOf}
          onDelete={setDeleting}
        />
      ) : (
        <EmptyState title={t.empty} hint={t.emptyHint} />
      )}
      {creating ? <WebhookFormDialog onSaved={replace} onClose={() => setCreating(false)} /> : null}
      {editing ? <WebhookFormDialog webhook={editing} onSaved={replace} onClose={() => setEditing(null)} /> : null}
      {logOf ? <WebhookDeliveriesDialog webhook={logOf} onClose={() => setLogOf(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t.deleteTitle}
        confirmLabel={t.delete}
        busyLabel={t.deleting}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      >
        <p>{fill(t.deleteConfirm, { url: deleting?.url ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
