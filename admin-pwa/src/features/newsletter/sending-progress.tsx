// The progress of the last newsletter sending, read from the status endpoint every second while it
// runs (the send answers at once and delivers in the background); 'Message envoyé' when it is done.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import type { NewsletterSending } from '@app/domain/newsletter';
import { db } from '../../db/db.ts';
import { useOnline } from '../../lib/online.ts';
import { toast } from '../../lib/toast.ts';
import { SENDING_META_KEY, fetchSending } from './api.ts';

export const POLL_MS = 1000;
const running = (s: NewsletterSending) => s.status === 'queued' || s.status === 'sending';

export const sentText = (n: number) => `Newsletter envoyée à ${n} abonné${n > 1 ? 's' : ''}`;

export function SendingProgress() {
  const online = useOnline();
  const sending = useLiveQuery(async () => (await db.meta.get(SENDING_META_KEY))?.value as NewsletterSending | undefined, []);
  // Only a sending seen running on this screen announces its end (not an old one after a reload).
  const watched = useRef<number | null>(null);

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
      if (sending.status === 'done') toast.success('Message envoyé', sentText(sending.sentCount) + (sending.failedCount ? ` (${sending.failedCount} échec${sending.failedCount > 1 ? 's' : ''})` : ''));
      else toast.error("Erreur d'envoi", `Envoi interrompu : ${sending.sentCount} envoyé(s), ${sending.failedCount} échec(s)`);
    }
  }, [sending, online]);

  if (!sending) return null;
  const handled = sending.totalCount - sending.pendingCount;
  return (
    <section className="card sending-progress" aria-labelledby="sending-title" data-status={sending.status}>
      <h2 id="sending-title">Dernier envoi : « {sending.subject} »</h2>
      <progress max={100} value={sending.progress} aria-label="Progression de l'envoi" />
      <p aria-live="polite">
        {running(sending) ? `Envoi en cours : ${handled} / ${sending.totalCount}` : sending.status === 'done' ? 'Envoi terminé' : 'Envoi interrompu'} — {sending.sentCount} envoyé
        {sending.sentCount > 1 ? 's' : ''}
        {sending.failedCount ? `, ${sending.failedCount} échec${sending.failedCount > 1 ? 's' : ''}` : ''}
      </p>
    </section>
  );
}
