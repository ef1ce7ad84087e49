// An endpoint's delivery log (its last 100, newest first): event, status, attempts, HTTP code, duration,
// next try and the first bytes of the answer, with 'Renvoyer' per delivery. Asked again every few
// seconds while one is pending, so that a test event shows as delivered without a click.
import { useEffect, useState } from 'react';
import type { Webhook, WebhookDelivery } from '@app/domain/webhooks';
import { Dialog } from '../../components/dialog.tsx';
import { Icon } from '../../components/icons.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { EmptyState, ErrorState } from '../../components/states.tsx';
import { errorText } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { fill, texts, useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { RecordList, type Column } from './record-list.tsx';
import { listDeliveries, retryDelivery } from './webhooks-api.ts';

type Dictionary = ReturnType<typeof useT>['webhooks'];
/** How often a log with a pending delivery is asked again. */
const POLL_MS = 1500;
/** The first characters of an answer shown in the log. */
const ANSWER_SHOWN = 160;

const BADGE = { pending: 'badge-warning', delivered: 'badge-success', failed: 'badge-danger' } as const;

const eventLabel = (type: string, t: Dictionary) => (type in t.eventLabels ? t.eventLabels[type as keyof Dictionary['eventLabels']] : type);
const at = (value: string) => <time dateTime={value}>{formatDateTime(value)}</time>;

/** What the log shows of a delivery, after its event. */
function columns(t: Dictionary): Column<WebhookDelivery>[] {
  const answer = (d: WebhookDelivery) => d.responseBody ?? d.lastError;
  return [
    { label: t.status, cell: (d) => <span className={`badge ${BADGE[d.status]}`}>{t.statusLabels[d.status]}</span> },
    { label: t.attempts, cell: (d) => d.attempts },
    { label: t.statusCode, cell: (d) => d.statusCode ?? t.nothing },
    { label: t.duration, cell: (d) => (d.durationMs === null ? t.nothing : fill(t.durationMs, { ms: d.durationMs })) },
    { label: t.nextAttempt, cell: (d) => (d.nextAttemptAt ? at(d.nextAttemptAt) : t.nothing) },
    {
      label: t.response,
      cell: (d) => (answer(d) ? <code className="delivery-answer">{answer(d)!.slice(0, ANSWER_SHOWN)}</code> : t.nothing),
    },
  ];
}

function RetryButton({ delivery, onRetry }: { delivery: WebhookDelivery; onRetry: (d: WebhookDelivery) => void }) {
  const t = useT().webhooks;
  return (
    <button
      type="button"
      className="btn btn-small"
      aria-label={fill(t.retryOf, { event: delivery.eventType, when: formatDateTime(delivery.createdAt) })}
      onClick={() => onRetry(delivery)}
    >
      <Icon name="refresh" /> {t.retry}
    </button>
  );
}

function DeliveriesList({ deliveries, onRetry }: { deliveries: readonly WebhookDelivery[]; onRetry: (d: WebhookDelivery) => void }) {
  const t = useT().webhooks;
  return (
    <RecordList
      items={deliveries}
      id={(d) => d.id}
      label={t.deliveries}
      className="deliveries-table"
      titleLabel={t.event}
      title={(d) => eventLabel(d.eventType, t)}
      sub={(d) => (
        <>
          <code>{d.eventType}</code> · {at(d.createdAt)}
        </>
      )}
      columns={columns(t)}
      actionsLabel={t.actions}
      actions={(d) => <RetryButton delivery={d} onRetry={onRetry} />}
    />
  );
}

export function WebhookDeliveriesDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const t = useT().webhooks;
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    listDeliveries(webhook.id).then(
      (list) => {
        if (!live) return;
        setDeliveries(list);
        setError(null);
      },
      (e: unknown) => live && setError(errorText(e, texts().webhooks.deliveriesLoadFailed)),
    );
    return () => {
      live = false;
    };
  }, [webhook.id, attempt]);

  const pending = deliveries?.some((d) => d.status === 'pending') ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, deliveries]);

  const retry = async (delivery: WebhookDelivery) => {
    try {
      const updated = await retryDelivery(webhook.id, delivery.id);
      setDeliveries((list) => list?.map((d) => (d.id === updated.id ? updated : d)) ?? null);
      toast.success(t.retried);
    } catch (e) {
      toast.error(texts().toasts.sendTitle, errorText(e, texts().webhooks.retryFailed));
    }
  };

  return (
    <Dialog
      open
      title={fill(t.deliveriesTitle, { url: webhook.url })}
      onClose={onClose}
      size="large"
      footer={
        <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
          <Icon name="refresh" /> {t.refresh}
        </button>
      }
    >
      <p className="muted">{t.deliveriesHint}</p>
      {deliveries === null && error ? (
        <ErrorState message={error} onRetry={() => setAttempt((n) => n + 1)} />
      ) : deliveries === null ? (
        <ListSkeleton rows={3} />
      ) : deliveries.length ? (
        <DeliveriesList deliveries={deliveries} onRetry={(d) => void retry(d)} />
      ) : (
        <EmptyState title={t.deliveriesEmpty} />
      )}
    </Dialog>
  );
}
