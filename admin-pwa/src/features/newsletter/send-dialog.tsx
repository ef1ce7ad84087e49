// The newsletter send form: subject and content (both non-blank, else 'Erreur de validation'), to
// the selected subscribers or every active one; queued in the outbox when offline.
import { useState, type FormEvent } from 'react';
import { NewsletterSendSchema } from '@app/domain/newsletter';
import { Dialog } from '../../components/dialog.tsx';
import { TextAreaField, TextField } from '../../components/field.tsx';
import { perform } from '../../db/outbox.ts';
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { NEWSLETTER_SEND } from './operations.ts';

export const SEND_VALIDATION = { title: 'Erreur de validation', message: 'Veuillez remplir le sujet et le contenu du message' } as const;

type Props = { selectedIds: number[]; activeSelected: number; activeTotal: number; onClose: () => void; onSent: () => void };

export function SendDialog({ selectedIds, activeSelected, activeTotal, onClose, onSent }: Props) {
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const recipients = selectedIds.length ? activeSelected : activeTotal;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = NewsletterSendSchema.safeParse({ subject, content, subscriberIds: selectedIds.length ? selectedIds : undefined });
    if (!parsed.success) {
      const blank = !subject.trim() || !content.trim();
      toast.error(SEND_VALIDATION.title, blank ? SEND_VALIDATION.message : parsed.error.issues[0]!.message);
      return;
    }
    setSending(true);
    try {
      const done = await perform(NEWSLETTER_SEND, parsed.data, `Newsletter « ${parsed.data.subject} »`);
      if (done.queued) toast.info('Enregistré hors ligne', 'La newsletter partira au retour de la connexion.');
      else toast.info('Envoi en cours', `${recipients} destinataire${recipients > 1 ? 's' : ''}`);
      onSent();
      onClose();
    } catch (err) {
      toast.error("Erreur d'envoi", errorText(err, "Erreur lors de l'envoi"));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open
      title="Envoyer un message aux abonnés"
      onClose={onClose}
      busy={sending}
      size="large"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={sending}>
            Annuler
          </button>
          <button type="submit" form="newsletter-send-form" className="btn btn-primary" disabled={sending} aria-busy={sending}>
            {sending ? 'Envoi...' : 'Envoyer'}
          </button>
        </>
      }
    >
      <form id="newsletter-send-form" className="form-grid" onSubmit={submit} noValidate>
        <p className="muted">
          {selectedIds.length
            ? `Destinataires : les abonnés sélectionnés encore actifs (${activeSelected} sur ${selectedIds.length}).`
            : `Destinataires : tous les abonnés actifs (${activeTotal}).`}
        </p>
        <TextField label="Sujet" required value={subject} onChange={(e) => setSubject(e.target.value)} data-autofocus />
        <TextAreaField label="Contenu" required rows={12} value={content} onChange={(e) => setContent(e.target.value)} hint="Un lien de désinscription est ajouté automatiquement à chaque envoi." />
      </form>
    </Dialog>
  );
}
