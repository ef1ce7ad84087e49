// The newsletter send form: a French and an English version (subject and content each, at least one
// whole, else 'Erreur de validation'), to the selected subscribers or every active one; a subscriber
// whose language has no version gets the other one, and the form says so before sending. Queued in
// the outbox when offline.
import { useState, type FormEvent } from 'react';
import { completeVersions, NewsletterSendSchema } from '@app/domain/newsletter';
import { Dialog } from '../../components/dialog.tsx';
import { TextAreaField, TextField } from '../../components/field.tsx';
import { perform } from '../../db/outbox.ts';
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { NEWSLETTER_SEND } from './operations.ts';

export const SEND_VALIDATION = { title: 'Erreur de validation', message: 'Veuillez remplir le sujet et le contenu du message' } as const;

/** Shown before sending when only one version is written: who gets the other language. */
export const FALLBACK_WARNING = {
  fr: 'Pas de version française : les abonnés francophones recevront la version anglaise.',
  en: 'Pas de version anglaise : les abonnés anglophones recevront la version française.',
} as const;

type Props = { selectedIds: number[]; activeSelected: number; activeTotal: number; onClose: () => void; onSent: () => void };

export function SendDialog({ selectedIds, activeSelected, activeTotal, onClose, onSent }: Props) {
  const [text, setText] = useState({ subject: '', content: '', subjectEn: '', contentEn: '' });
  const [sending, setSending] = useState(false);
  const recipients = selectedIds.length ? activeSelected : activeTotal;
  // Empty fields are left out, so a French-only newsletter is the spec's { subject, content }.
  const input = {
    subject: text.subject || undefined,
    content: text.content || undefined,
    subjectEn: text.subjectEn || undefined,
    contentEn: text.contentEn || undefined,
    subscriberIds: selectedIds.length ? selectedIds : undefined,
  };
  const written = completeVersions(input);
  const missing = written.length === 1 ? (written[0] === 'fr' ? 'en' : 'fr') : null;
  const edit = (key: keyof typeof text) => (e: { target: { value: string } }) => setText((t) => ({ ...t, [key]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = NewsletterSendSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      toast.error(SEND_VALIDATION.title, issue.code === 'custom' ? SEND_VALIDATION.message : issue.message);
      return;
    }
    setSending(true);
    try {
      const done = await perform(NEWSLETTER_SEND, parsed.data, `Newsletter « ${parsed.data.subject || parsed.data.subjectEn} »`);
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
      size="medium"
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
      <form id="newsletter-send-form" className="form-stack" onSubmit={submit} noValidate>
        <p className="muted">
          {selectedIds.length
            ? `Destinataires : les abonnés sélectionnés encore actifs (${activeSelected} sur ${selectedIds.length}).`
            : `Destinataires : tous les abonnés actifs (${activeTotal}).`}
        </p>
        <fieldset className="form-section">
          <legend>Version française</legend>
          <TextField label="Sujet (français)" value={text.subject} onChange={edit('subject')} data-autofocus />
          <TextAreaField label="Contenu (français)" rows={8} value={text.content} onChange={edit('content')} />
        </fieldset>
        <fieldset className="form-section">
          <legend>Version anglaise</legend>
          <TextField label="Sujet (anglais)" value={text.subjectEn} onChange={edit('subjectEn')} />
          <TextAreaField label="Contenu (anglais)" rows={8} value={text.contentEn} onChange={edit('contentEn')} />
        </fieldset>
        {missing ? (
          <p className="callout callout-warning" role="status">
            {FALLBACK_WARNING[missing]}
          </p>
        ) : null}
        <p className="field-hint">Un lien de désinscription est ajouté automatiquement à chaque envoi.</p>
      </form>
    </Dialog>
  );
}
