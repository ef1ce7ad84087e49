// 'Ajouter un webhook' and 'Modifier le webhook': URL, description and the events, one box each or
// 'Tous les événements' (["*"], future events included). Once added, the signing secret is shown this
// once, in the dialog the API tokens use for their value (TokenValueDialog).
import { useState, type FormEvent } from 'react';
import { ALL_EVENTS, WEBHOOK_EVENTS, WebhookCreateSchema, type Webhook, type WebhookEvent } from '@app/domain/webhooks';
import { FieldError, TextAreaField, TextField } from '../../components/field.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { errorText } from '../../lib/api.ts';
import { withoutError, type FieldErrors } from '../../lib/form-errors.ts';
import { texts, useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { TokenValueDialog } from './api-token-value.tsx';
import { createWebhook, updateWebhook, type WebhookInput } from './webhooks-api.ts';

type Field = 'url' | 'events';
const FORM_ID = 'webhook-form';

/** The events sent: ["*"] for all of them, else the ticked ones in the list's order. */
export const eventsInput = (all: boolean, chosen: readonly string[]): WebhookInput['events'] =>
  all ? [ALL_EVENTS] : WEBHOOK_EVENTS.filter((e) => chosen.includes(e));

type Props = {
  /** The endpoint to change; none: a new one. */
  webhook?: Webhook;
  onSaved: (webhook: Webhook) => void;
  onClose: () => void;
};

export function WebhookFormDialog({ webhook, onSaved, onClose }: Props) {
  const all = useT();
  const t = all.webhooks;
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [allEvents, setAllEvents] = useState(webhook?.events.includes(ALL_EVENTS) ?? false);
  const [chosen, setChosen] = useState<string[]>(webhook?.events ?? []);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const toggle = (event: WebhookEvent, on: boolean) => {
    setChosen((list) => (on ? [...list, event] : list.filter((e) => e !== event)));
    setErrors((e) => withoutError(e, 'events'));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const events = eventsInput(allEvents, chosen);
    const found: FieldErrors<Field> = {};
    if (!url.trim()) found.url = t.urlRequired;
    else if (!WebhookCreateSchema.shape.url.safeParse(url).success) found.url = t.urlInvalid;
    if (!events.length) found.events = t.eventsRequired;
    setErrors(found);
    if (Object.keys(found).length) return;
    const input = { url: url.trim(), description: description.trim() || null, events };
    setBusy(true);
    try {
      if (webhook) {
        onSaved(await updateWebhook(webhook.id, input));
        toast.success(t.updated);
        onClose();
      } else {
        const { secret: value, ...created } = await createWebhook(input);
        setSecret(value);
        toast.success(t.createdToast);
        onSaved(created);
      }
    } catch (err) {
      const w = texts().webhooks;
      toast.error(
        webhook ? texts().toasts.updateTitle : texts().toasts.createTitle,
        errorText(err, webhook ? w.updateFailed : w.createFailed),
      );
    } finally {
      setBusy(false);
    }
  };

  if (secret)
    return (
      <TokenValueDialog
        title={t.createdTitle}
        value={secret}
        texts={{ label: t.secret, warning: t.secretWarning, copiedStatus: t.secretCopied, done: t.done }}
        onClose={onClose}
      />
    );

  return (
    <FormDialog
      title={webhook ? t.editTitle : t.formTitle}
      formId={FORM_ID}
      busy={busy}
      cancelLabel={t.cancel}
      submitLabel={webhook ? (busy ? t.saving : t.save) : busy ? t.creating : t.submit}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <TextField
        label={t.url}
        type="url"
        required
        value={url}
        maxLength={2048}
        error={errors.url}
        hint={t.urlHint}
        onChange={(e) => {
          setUrl(e.target.value);
          setErrors((x) => withoutError(x, 'url'));
        }}
      />
      <TextAreaField label={t.description} value={description} maxLength={500} rows={2} onChange={(e) => setDescription(e.target.value)} />
      <fieldset className="token-permissions" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend>{t.events}</legend>
        <label className="token-check">
          <input
            type="checkbox"
            checked={allEvents}
            onChange={(e) => {
              setAllEvents(e.target.checked);
              setErrors((x) => withoutError(x, 'events'));
            }}
          />
          {t.allEvents}
        </label>
        <p className="field-hint">{t.allEventsHint}</p>
        <div className="webhook-events">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="token-check">
              <input
                type="checkbox"
                disabled={allEvents}
                checked={allEvents || chosen.includes(event)}
                onChange={(e) => toggle(event, e.target.checked)}
              />
              {t.eventLabels[event]} <code>{event}</code>
            </label>
          ))}
        </div>
        <FieldError id="webhook-events-error" error={errors.events} />
      </fieldset>
    </FormDialog>
  );
}
