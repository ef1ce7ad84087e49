// /admin/messages: the contact messages from Dexie at once, refreshed from the API when online;
// quick reply, mail-client reply, call, and delete (queued when offline).
import './messages.css';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { Inquiry } from '@app/domain/inquiries';
import { db, type OutboxEntry } from '../../db/db.ts';
import { perform } from '../../db/outbox.ts';
import { Pagination } from '../../components/pagination.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { errorText } from '../../lib/api.ts';
import { useRefresh } from '../../lib/use-refresh.ts';
import { EmptyState, ErrorState } from '../../components/states.tsx';
import { syncSmtpAccounts } from '../../lib/smtp-accounts.ts';
import { countLabel, fill, texts, useAdminLang, useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { MESSAGES_PAGE_SIZE, syncInquiries } from './api.ts';
import { storedBrand, syncCompany } from '../../lib/company.ts';
import { MessageCard } from './message-card.tsx';
import { MESSAGE_DELETE } from './operations.ts';
import { ReplyDialog } from './reply-dialog.tsx';

export async function deleteMessage(inquiry: Inquiry) {
  const all = texts();
  if (!window.confirm(all.messages.deleteConfirm)) return;
  try {
    const done = await perform(MESSAGE_DELETE, { id: inquiry.id }, fill(all.messages.deleteLabel, { name: inquiry.name }));
    if (done.queued) toast.info(all.toasts.offlineSaved, all.messages.deleteQueued);
    else toast.success(all.messages.deleted);
  } catch (e) {
    toast.error(all.toasts.deleteTitle, errorText(e, all.toasts.deleteFallback));
  }
}

export default function MessagesPage() {
  const inquiries = useLiveQuery(() => db.inquiries.orderBy('createdAt').reverse().toArray(), []);
  const accounts = useLiveQuery(() => db.smtpAccounts.toArray(), []) ?? [];
  const brand = useLiveQuery(storedBrand, []);
  const replies = useLiveQuery(() => db.outbox.where('kind').equals('inquiry.reply').toArray(), []) ?? [];
  const [page, setPage] = useState(1);
  const [replying, setReplying] = useState<Inquiry | null>(null);
  const t = useT().messages;
  const lang = useAdminLang();

  const states = useT().states;
  const { loading, failed, retry } = useRefresh(
    () => Promise.all([syncInquiries(), syncSmtpAccounts().catch(() => {}), syncCompany().catch(() => {})]),
    (e) => toast.error(texts().toasts.loadTitle, errorText(e, texts().toasts.loadFallback)),
  );

  const list = inquiries ?? [];
  const pages = Math.max(1, Math.ceil(list.length / MESSAGES_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = list.slice((current - 1) * MESSAGES_PAGE_SIZE, current * MESSAGES_PAGE_SIZE);
  const latestReply = new Map<number, OutboxEntry>();
  for (const r of replies) latestReply.set((r.payload as { inquiryId: number }).inquiryId, r);

  return (
    <section className="page" aria-labelledby="messages-title">
      <header className="page-header">
        <h1 id="messages-title">{t.title}</h1>
        <p className="muted count" aria-live="polite">
          {countLabel(lang, list.length, { one: t.countOne, other: t.countOther })}
        </p>
      </header>
      {inquiries === undefined || (loading && !list.length) ? (
        <ListSkeleton />
      ) : failed && !list.length ? (
        <ErrorState message={states.loadError} onRetry={retry} />
      ) : list.length ? (
        <>
          <div className="message-list">
            {shown.map((i) => (
              <MessageCard
                key={i.id}
                inquiry={i}
                brand={brand}
                reply={latestReply.get(i.id)}
                onQuickReply={() => setReplying(i)}
                onDelete={() => void deleteMessage(i)}
              />
            ))}
          </div>
          <Pagination page={current} pages={pages} onPage={setPage} label={t.pages} />
        </>
      ) : (
        <EmptyState title={states.noMessages} hint={states.noMessagesHint} />
      )}
      {replying ? <ReplyDialog inquiry={replying} brand={brand} accounts={accounts} onClose={() => setReplying(null)} /> : null}
    </section>
  );
}
