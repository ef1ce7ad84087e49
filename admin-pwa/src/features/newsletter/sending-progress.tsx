// The progress of the last newsletter sending, read from the status endpoint every second while it
// runs (the send answers at once and delivers in the background); 'Message envoyé' when it is done.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import type { NewsletterSending } from '@app/domain/newsletter';
import { db } from '../../db/db.ts';
import { useOnline } from '../../lib/online.ts';
import { countLabel, fill, useAdminLang, useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { SENDING_META_KEY, fetchSending } from './api.ts';

export const POLL_MS = 1000;
const running = (s: NewsletterSending) => s.status === 'queued' || s.status === 'sending';

export function SendingProgress() {
  const online = useOnline();
  const sending = useLiveQuery(async () => (await db.meta.get(SENDING_META_KEY))?.value as NewsletterSending | undefined, []);
  // Only a sending seen running on this screen announces its end (not an old one after a reload).
  const watched = useRef<number | null>(null);
  const all = useT();
  const t = all.newsletterToasts;
  const lang = useAdminLang();

  useEffect(() => {
    if (!sending) return;
    if (running(sending)) {
      watched.current = sending.id;
      if (!online) return;
      const timer = setTimeout(() => void fetchSending(sending.id).catch(() => {}), POLL_MS);
      return () => clearTimeout(timer);
    }
    if (watched.current === sending.id) {
      watched.current = null;
      const sent = countLabel(lang, sending.sentCount, { one: t.sentOne, other: t.sentOther });
      if (sending.status === 'done')
        toast.success(t.sent, sent + (sending.failedCount ? fill(t.failures, { count: sending.failedCount }) : ''));
      else toast.error(all.toasts.sendTitle, fill(t.interrupted, { sent: sending.sentCount, failed: sending.failedCount }));
    }
  }, [sending, online, all, t, lang]);

  if (!sending) return null;
  const handled = sending.totalCount - sending.pendingCount;
  return (
    <section className="card sending-progress" aria-labelledby="sending-title" data-status={sending.status}>
      <h2 id="sending-title">{fill(t.lastSending, { subject: sending.subject })}</h2>
      <progress max={100} value={sending.progress} aria-label={t.progress} />
      <p aria-live="polite">
        {running(sending) ? fill(t.running, { handled, total: sending.totalCount }) : sending.status === 'done' ? t.done : t.stopped} —{' '}
        {fill(sending.failedCount ? t.countsFailed : t.counts, { sent: sending.sentCount, failed: sending.failedCount })}
      </p>
    </section>
  );
}
