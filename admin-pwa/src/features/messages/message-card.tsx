// One contact message: who, when, how to reach them, the text, and its actions (quick reply, reply
// from the mail client, call when a phone is known, delete), plus the state of a queued reply.
import type { Inquiry } from '@app/domain/inquiries';
import type { OutboxEntry } from '../../db/db.ts';
import { Icon } from '../../components/icons.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { mailtoHref, telHref } from './reply-text.ts';

type Props = { inquiry: Inquiry; brand?: string | undefined; reply?: OutboxEntry; onQuickReply: () => void; onDelete: () => void };

function ReplyState({ entry }: { entry: OutboxEntry }) {
  if (entry.state === 'sent') return <StatusBadge tone="success">Réponse envoyée</StatusBadge>;
  if (entry.state === 'failed' || entry.state === 'conflict')
    return (
      <StatusBadge tone="danger" title={entry.error}>
        Échec de l'envoi de la réponse{entry.error ? ` : ${entry.error}` : ''}
      </StatusBadge>
    );
  return <StatusBadge tone="warning">Réponse en attente d'envoi</StatusBadge>;
}

export function MessageCard({ inquiry, brand, reply, onQuickReply, onDelete }: Props) {
  const titleId = `message-${inquiry.id}`;
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
        {inquiry.productReference ? <li>Référence produit : {inquiry.productReference}</li> : null}
      </ul>
      <p className="message-text">{inquiry.message}</p>
      <div className="message-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={onQuickReply}>
          Réponse rapide
        </button>
        <a className="btn btn-small" href={mailtoHref(inquiry, brand)}>
          Répondre par email
        </a>
        {inquiry.phone ? (
          <a className="btn btn-small" href={telHref(inquiry.phone)}>
            Appeler
          </a>
        ) : null}
        <button type="button" className="btn btn-small btn-danger" onClick={onDelete} aria-label={`Supprimer le message de ${inquiry.name}`}>
          <Icon name="trash" /> Supprimer
        </button>
      </div>
    </article>
  );
}
