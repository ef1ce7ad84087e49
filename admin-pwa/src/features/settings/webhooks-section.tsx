// 'Webhooks', below the API tokens in the 'API' tab (issue 37 part 3), online only. A table on desktop
// and cards on a phone (URL, description, events, enabled or why the server disabled it), 'Ajouter un
// webhook' (its secret shown once), and per endpoint: enable or disable, edit, send a test event, its
// delivery log, and delete (confirmed).
import { useState } from 'react';
import { ALL_EVENTS, type Webhook } from '@app/domain/webhooks';
import { errorText } from '../../lib/api.ts';
import { fill, texts, useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { OnlineSection, useOnlineRecords } from './online-section.tsx';
import { RecordAction, RecordList } from './record-list.tsx';
import { useRemoveRecord } from './remove-record.tsx';
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
  return (
    <div className="actions">
      {webhook.enabled ? (
        <RecordAction label={t.disable} name={fill(t.disableOf, { url })} icon="close" onClick={() => onToggle(webhook)} />
      ) : (
        <RecordAction label={t.enable} name={fill(t.enableOf, { url })} icon="success" onClick={() => onToggle(webhook)} />
      )}
      <RecordAction label={t.edit} name={fill(t.editOf, { url })} icon="edit" onClick={() => onEdit(webhook)} />
      <RecordAction label={t.test} name={fill(t.testOf, { url })} icon="upload" onClick={() => onTest(webhook)} />
      <RecordAction label={t.deliveries} name={fill(t.deliveriesOf, { url })} icon="listings" onClick={() => onDeliveries(webhook)} />
      <RecordAction label={t.delete} name={fill(t.deleteOf, { url })} icon="trash" onClick={() => onDelete(webhook)} danger />
    </div>
  );
}

function WebhooksList({ webhooks, ...actions }: Actions & { webhooks: readonly Webhook[] }) {
  const t = useT().webhooks;
  return (
    <RecordList
      items={webhooks}
      id={(webhook) => webhook.id}
      label={t.tableCaption}
      className="webhooks-table"
      titleLabel={t.url}
      title={(webhook) => webhook.url}
      sub={(webhook) => webhook.description}
      columns={[
        { label: t.events, cell: (webhook) => <Events webhook={webhook} t={t} /> },
        { label: t.state, cell: (webhook) => <State webhook={webhook} t={t} /> },
      ]}
      actionsLabel={t.actions}
      actions={(webhook) => <WebhookActions webhook={webhook} {...actions} />}
    />
  );
}

export function WebhooksSection() {
  const all = useT();
  const t = all.webhooks;
  const records = useOnlineRecords(listWebhooks, () => texts().webhooks.loadFailed);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);

  const replace = (updated: Webhook) =>
    records.setItems((list) =>
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
      toast.error(all.toasts.sendTitle, errorText(e, t.testFailed));
    }
  };
  const deleting = useRemoveRecord(records, deleteWebhook, (webhook) => fill(t.deleteConfirm, { url: webhook?.url ?? '' }), {
    title: t.deleteTitle,
    confirm: t.delete,
    busy: t.deleting,
    done: t.deleted,
    failed: t.deleteFailed,
  });

  return (
    <OnlineSection
      t={t}
      className="webhooks"
      records={records}
      onCreate={() => setCreating(true)}
      list={(webhooks) => (
        <WebhooksList
          webhooks={webhooks}
          onToggle={(w) => void toggle(w)}
          onEdit={setEditing}
          onTest={(w) => void test(w)}
          onDeliveries={setLogOf}
          onDelete={deleting.ask}
        />
      )}
    >
      {creating ? <WebhookFormDialog onSaved={replace} onClose={() => setCreating(false)} /> : null}
      {editing ? <WebhookFormDialog webhook={editing} onSaved={replace} onClose={() => setEditing(null)} /> : null}
      {logOf ? <WebhookDeliveriesDialog webhook={logOf} onClose={() => setLogOf(null)} /> : null}
      {deleting.dialog}
    </OnlineSection>
  );
}
