// The newsletter send form: a French and an English version (subject and content each, at least one
// whole, else 'Erreur de validation'), to the selected subscribers or every active one; a subscriber
// whose language has no version gets the other one, and the form says so before sending. Queued in
// the outbox when offline.
import { useState, type FormEvent } from 'react';
import { completeVersions, NewsletterSendSchema } from '@app/domain/newsletter';
import { Dialog } from '../../components/dialog.tsx';
import { FormFooter } from '../../components/form-dialog.tsx';
import { TextAreaField, TextField } from '../../components/field.tsx';
import { perform } from '../../db/outbox.ts';
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { adminLang, countLabel, fill, texts, useT } from '../../lib/i18n.ts';
import { NEWSLETTER_SEND } from './operations.ts';

type Props = { selectedIds: number[]; activeSelected: number; activeTotal: number; onClose: () => void; onSent: () => void };

export function SendDialog({ selectedIds, activeSelected, activeTotal, onClose, onSent }: Props) {
  const [text, setText] = useState({ subject: '', content: '', subjectEn: '', contentEn: '' });
  const [sending, setSending] = useState(false);
  const t = useT().newsletterSend;
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
      toast.error(t.validationTitle, issue.code === 'custom' ? t.validation : issue.message);
      return;
    }
    setSending(true);
    try {
      const done = await perform(
        NEWSLETTER_SEND,
        parsed.data,
        fill(texts().newsletterToasts.sendLabel, { subject: parsed.data.subject || parsed.data.subjectEn || '' }),
      );
      if (done.queued) toast.info(t.queuedTitle, t.queued);
      else toast.info(t.startedTitle, countLabel(adminLang.get(), recipients, { one: t.recipientOne, other: t.recipientOther }));
      onSent();
      onClose();
    } catch (err) {
      toast.error(t.errorTitle, errorText(err, t.errorFallback));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open
      title={t.title}
      onClose={onClose}
      busy={sending}
      size="medium"
      footer={
        <FormFooter
          formId="newsletter-send-form"
          busy={sending}
          cancelLabel={t.cancel}
          submitLabel={sending ? t.sending : t.send}
          onCancel={onClose}
        />
      }
    >
      <form id="newsletter-send-form" className="form-stack" onSubmit={submit} noValidate>
        <p className="muted">
          {selectedIds.length
            ? fill(t.recipientsSelected, { active: activeSelected, selected: selectedIds.length })
            : fill(t.recipientsAll, { active: activeTotal })}
        </p>
        <fieldset className="form-section">
          <legend>{t.frenchVersion}</legend>
          <TextField label={t.subjectFr} value={text.subject} onChange={edit('subject')} data-autofocus />
          <TextAreaField label={t.contentFr} rows={8} value={text.content} onChange={edit('content')} />
        </fieldset>
        <fieldset className="form-section">
          <legend>{t.englishVersion}</legend>
          <TextField label={t.subjectEn} value={text.subjectEn} onChange={edit('subjectEn')} />
          <TextAreaField label={t.contentEn} rows={8} value={text.contentEn} onChange={edit('contentEn')} />
        </fieldset>
        {missing ? (
          <p className="callout callout-warning" role="status">
            {missing === 'fr' ? t.missingFr : t.missingEn}
          </p>
        ) : null}
        <p className="field-hint">{t.unsubscribeHint}</p>
      </form>
    </Dialog>
  );
}
