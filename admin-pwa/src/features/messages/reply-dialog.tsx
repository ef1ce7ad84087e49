// 'Réponse rapide': the original message on the left, the reply form on the right (active sending
// accounts, read-only recipient, prefilled subject and body). A failed send keeps the modal open;
// offline the reply is queued in the outbox and sent when the connection returns.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { SmtpAccount } from '@app/domain/mail';
import { ReplyInputSchema } from '@app/domain/mail';
import type { Inquiry } from '@app/domain/inquiries';
import { Dialog } from '../../components/dialog.tsx';
import { FormFooter } from '../../components/form-dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/field.tsx';
import { Icon } from '../../components/icons.tsx';
import { perform } from '../../db/outbox.ts';
import { errorText } from '../../lib/api.ts';
import { fieldErrors, withoutError, type FieldErrors } from '../../lib/form-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { fill, useT } from '../../lib/i18n.ts';
import { localizedErrors } from '../../lib/localized.ts';
import { activeAccounts, truncateName } from '../../lib/smtp-accounts.ts';
import { toast } from '../../lib/toast.ts';
import { REPLY_SEND } from './operations.ts';
import { defaultReplyBody, defaultSubject } from './reply-text.ts';

type Field = 'smtpAccountId' | 'subject' | 'message';
type Props = { inquiry: Inquiry; brand?: string | undefined; accounts: readonly SmtpAccount[]; onClose: () => void };

export function ReplyDialog({ inquiry, brand, accounts, onClose }: Props) {
  const active = activeAccounts(accounts);
  const [accountId, setAccountId] = useState<number | null>(active[0]?.id ?? null);
  const [subject, setSubject] = useState(() => defaultSubject(brand));
  const [message, setMessage] = useState(() => defaultReplyBody(inquiry, brand));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [sending, setSending] = useState(false);
  const account = active.find((a) => a.id === accountId) ?? null;
  const all = useT();
  const t = all.reply;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ReplyInputSchema.safeParse({ inquiryId: inquiry.id, smtpAccountId: account?.id, subject, message });
    if (!parsed.success) {
      setErrors(localizedErrors(fieldErrors<Field>(parsed.error)));
      return;
    }
    setSending(true);
    try {
      const done = await perform(REPLY_SEND, parsed.data, fill(t.label, { name: inquiry.name }));
      if (done.queued) toast.info(all.toasts.offlineSaved, t.queued);
      else toast.success(t.sent, fill(t.sentTo, { email: inquiry.email }));
      onClose();
    } catch (err) {
      // The spec's text when the server gives no message (public-site, client errors: "Inquiry send fallback").
      toast.error(all.toasts.sendTitle, errorText(err, t.sendFailed));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open
      title={fill(t.title, { name: inquiry.name })}
      onClose={onClose}
      busy={sending}
      size="large"
      footer={
        <FormFooter
          formId="reply-form"
          busy={sending}
          cancelLabel={t.cancel}
          submitLabel={sending ? t.sending : t.send}
          onCancel={onClose}
          submitDisabled={!active.length}
        />
      }
    >
      <div className="reply-layout">
        <section className="reply-original" aria-label={t.original}>
          <h3>{t.original}</h3>
          <p className="muted">
            {inquiry.name} — <a href={`mailto:${inquiry.email}`}>{inquiry.email}</a>
            <br />
            <time dateTime={inquiry.createdAt}>{formatDateTime(inquiry.createdAt)}</time>
          </p>
          {inquiry.productReference ? <p>{fill(all.messages.productReference, { reference: inquiry.productReference })}</p> : null}
          <blockquote className="message-text">{inquiry.message}</blockquote>
        </section>
        <form id="reply-form" className="reply-form" onSubmit={submit} noValidate>
          {active.length ? null : (
            <div className="callout callout-warning" role="alert">
              <Icon name="warning" />
              <div>
                <p className="callout-title">{t.noActiveAccount}</p>
                <p>
                  {t.noActiveHelpBefore}
                  <Link to="/settings">{t.noActiveHelpLink}</Link>
                  {t.noActiveHelpAfter}
                </p>
              </div>
            </div>
          )}
          <SelectField
            label={t.account}
            required
            value={accountId ?? ''}
            error={errors.smtpAccountId}
            disabled={!active.length}
            onChange={(e) => {
              setAccountId(e.target.value ? Number(e.target.value) : null);
              setErrors((x) => withoutError(x, 'smtpAccountId'));
            }}
            options={
              active.length
                ? active.map((a) => ({ value: String(a.id), label: truncateName(a.name) }))
                : [{ value: '', label: t.noAccount }]
            }
          />
          {account ? (
            <p className="sender" aria-live="polite">
              {fill(t.sender, { name: account.fromName, email: account.fromEmail })}
            </p>
          ) : null}
          <TextField label={t.recipient} value={inquiry.email} readOnly />
          <TextField
            label={t.subject}
            required
            value={subject}
            error={errors.subject}
            onChange={(e) => {
              setSubject(e.target.value);
              setErrors((x) => withoutError(x, 'subject'));
            }}
          />
          <TextAreaField
            label={t.message}
            required
            rows={12}
            value={message}
            error={errors.message}
            hint={t.autoFormat}
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
