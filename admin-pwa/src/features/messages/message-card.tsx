// One contact message: who, when, how to reach them, the text, and its actions (quick reply, reply
// from the mail client, call when a phone is known, delete), plus the state of a queued reply.
import type { Inquiry } from '@app/domain/inquiries';
import type { OutboxEntry } from '../../db/db.ts';
import { Icon } from '../../components/icons.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { fill, useT } from '../../lib/i18n.ts';
import { mailtoHref, telHref } from './reply-text.ts';

type Props = { inquiry: Inquiry; brand?: string | undefined; reply?: OutboxEntry; onQuickReply: () => void; onDelete: () => void };

function ReplyState({ entry }: { entry: OutboxEntry }) {
  const t = useT().messages;
  if (entry.state === 'sent') return <StatusBadge tone="success">{t.replySent}</StatusBadge>;
  if (entry.state === 'failed' || entry.state === 'conflict')
    return (
      <StatusBadge tone="danger" title={entry.error}>
        {entry.error ? fill(t.replyFailedWith, { error: entry.error }) : t.replyFailed}
      </StatusBadge>
    );
  return <StatusBadge tone="warning">{t.replyWaiting}</StatusBadge>;
}

export function MessageCard({ inquiry, brand, reply, onQuickReply, onDelete }: Props) {
  const titleId = `message-${inquiry.id}`;
  const t = useT().messages;
  return (
    <article className="card message-card" aria-labelledby={titleId}>
      <header className="message-head">
        <h2 id={titleId}>{inquiry.name}</h2>
        <time dateTime={inquiry.createdAt}>{formatDateTime(inquiry.createdAt)}</time>
        {reply ? <ReplyState entry={reply} /> : null}
      </header>
      <ul className="message-contact">
        <li>
          <a href={`mailto:${inquiry.email}`}>{inquiry.email}</a>
        </li>
        {inquiry.phone ? (
          <li>
            <a href={telHref(inquiry.phone)}>{inquiry.phone}</a>
          </li>
        ) : null}
        {inquiry.productReference ? <li>{fill(t.productReference, { reference: inquiry.productReference })}</li> : null}
      </ul>
      <p className="message-text">{inquiry.message}</p>
      <div className="message-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={onQuickReply}>
          {t.quickReply}
        </button>
        <a className="btn btn-small" href={mailtoHref(inquiry, brand)}>
          {t.replyByEmail}
        </a>
        {inquiry.phone ? (
          <a className="btn btn-small" href={telHref(inquiry.phone)}>
            {t.call}
          </a>
        ) : null}
        <button type="button" className="btn btn-small btn-danger" onClick={onDelete} aria-label={fill(t.deleteOf, { name: inquiry.name })}>
          <Icon name="trash" /> {t.delete}
        </button>
      </div>
    </article>
  );
}
