// 'Réponse rapide': the original message on the left, the reply form on the right (active sending
// accounts, read-only recipient, prefilled subject and body). A failed send keeps the modal open;
// offline the reply is queued in the outbox and sent when the connection returns.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { SmtpAccount } from '@app/domain/mail';
import { ReplyInputSchema } from '@app/domain/mail';
import type { Inquiry } from '@app/domain/inquiries';
import { Dialog } from '../../components/dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/field.tsx';
import { Icon } from '../../components/icons.tsx';
import { perform } from '../../db/outbox.ts';
import { errorText } from '../../lib/api.ts';
import { fieldErrors, withoutError, type FieldErrors } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { activeAccounts, truncateName } from '../../lib/smtp-accounts.ts';
import { toast } from '../../lib/toast.ts';
import { REPLY_SEND } from './operations.ts';
import { defaultReplyBody, defaultSubject } from './reply-text.ts';

type Field = 'smtpAccountId' | 'subject' | 'message';
type Props = { inquiry: Inquiry; brand?: string | undefined; accounts: readonly SmtpAccount[]; onClose: () => void };

export const NO_ACTIVE_ACCOUNT = 'Aucun compte SMTP actif';
export const AUTO_FORMAT_NOTE = "Votre message sera automatiquement mis en forme avec l'en-tête et la signature de l'entreprise.";

export function ReplyDialog({ inquiry, brand, accounts, onClose }: Props) {
  const active = activeAccounts(accounts);
  const [accountId, setAccountId] = useState<number | null>(active[0]?.id ?? null);
  const [subject, setSubject] = useState(() => defaultSubject(brand));
  const [message, setMessage] = useState(() => defaultReplyBody(inquiry, brand));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [sending, setSending] = useState(false);
  const account = active.find((a) => a.id === accountId) ?? null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ReplyInputSchema.safeParse({ inquiryId: inquiry.id, smtpAccountId: account?.id, subject, message });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setSending(true);
    try {
      const done = await perform(REPLY_SEND, parsed.data, `Réponse à ${inquiry.name}`);
      if (done.queued) toast.info('Enregistré hors ligne', 'La réponse sera envoyée au retour de la connexion.');
      else toast.success('Réponse envoyée', `Envoyée à ${inquiry.email}`);
      onClose();
    } catch (err) {
      // The spec's text when the server gives no message (public-site, client errors: "Inquiry send fallback").
      toast.error("Erreur d'envoi", errorText(err, "Erreur lors de l'envoi du message"));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open
      title={`Répondre à ${inquiry.name}`}
      onClose={onClose}
      busy={sending}
      size="large"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={sending}>
            Annuler
          </button>
          <button type="submit" form="reply-form" className="btn btn-primary" disabled={sending || !active.length} aria-busy={sending}>
            {sending ? 'Envoi...' : 'Envoyer la réponse'}
          </button>
        </>
      }
    >
      <div className="reply-layout">
        <section className="reply-original" aria-label="Message d'origine">
          <h3>Message d'origine</h3>
          <p className="muted">
            {inquiry.name} — <a href={`mailto:${inquiry.email}`}>{inquiry.email}</a>
            <br />
            <time dateTime={inquiry.createdAt}>{formatDateTime(inquiry.createdAt)}</time>
          </p>
          {inquiry.productReference ? <p>Référence produit : {inquiry.productReference}</p> : null}
          <blockquote className="message-text">{inquiry.message}</blockquote>
        </section>
        <form id="reply-form" className="reply-form" onSubmit={submit} noValidate>
          {active.length ? null : (
            <div className="callout callout-warning" role="alert">
              <Icon name="warning" />
              <div>
                <p className="callout-title">{NO_ACTIVE_ACCOUNT}</p>
                <p>
                  Pour répondre, ajoutez un compte SMTP ou activez-en un dans <Link to="/settings">Paramètres &gt; Comptes SMTP</Link>, puis testez la connexion.
                </p>
              </div>
            </div>
          )}
          <SelectField
            label="Compte d'envoi"
            required
            value={accountId ?? ''}
            error={errors.smtpAccountId}
            disabled={!active.length}
            onChange={(e) => {
              setAccountId(e.target.value ? Number(e.target.value) : null);
              setErrors((x) => withoutError(x, 'smtpAccountId'));
            }}
            options={active.length ? active.map((a) => ({ value: String(a.id), label: truncateName(a.name) })) : [{ value: '', label: 'Aucun compte actif' }]}
          />
          {account ? (
            <p className="sender" aria-live="polite">
              Expéditeur : {account.fromName} &lt;{account.fromEmail}&gt;
            </p>
          ) : null}
          <TextField label="Destinataire" value={inquiry.email} readOnly />
          <TextField
            label="Sujet"
            required
            value={subject}
            error={errors.subject}
            onChange={(e) => {
              setSubject(e.target.value);
              setErrors((x) => withoutError(x, 'subject'));
            }}
          />
          <TextAreaField
            label="Message"
            required
            rows={12}
            value={message}
            error={errors.message}
            hint={AUTO_FORMAT_NOTE}
            onChange={(e) => {
              setMessage(e.target.value);
              setErrors((x) => withoutError(x, 'message'));
            }}
          />
        </form>
      </div>
    </Dialog>
  );
}
