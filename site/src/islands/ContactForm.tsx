// Contact form (public-site sections 2, 4, 5): name, phone (optional), e-mail, message; idle,
// sending, then success (form reset) or error, with the spec's texts and a toast. The form checks
// itself with the domain's schema (the site's own messages in the page's language, no browser
// bubbles), shows the server's field error next to its field, and the wait after too many tries.
// Without JavaScript the form posts to the page itself (lib/contact-action.ts), which renders it again
// in the state `initial` says: the success after its redirect, or the errors with what was typed.
import { useState, type FormEvent, type ReactNode } from 'react';
import type { Lang } from '@app/domain/lang';
import { fill } from '@app/domain/i18n/index';
import { islandTexts } from '../lib/island-texts.ts';
import { formatWait, labelled } from '@app/domain/format';
import {
  inquiryFieldErrors,
  inquiryInputOf,
  refusedFieldErrors,
  REFERENCE_FIELD,
  type InquiryField,
  type InquiryFieldErrors,
  type ProblemFieldErrors,
} from '@app/domain/inquiry-rules';
import { toast } from './toast.ts';
import { renderedByReact } from '../lib/react-component.ts';
import type { ContactInitial } from '../lib/contact-action.ts';

type Props = { lang: Lang; reference: string; initialMessage: string; initial?: ContactInitial };
type Status = { kind: 'idle' | 'sending' | 'success' } | { kind: 'error'; detail?: string };

/** Seconds to wait from a 429: the Retry-After header (seconds or an HTTP date), else none. */
function retryAfterSeconds(res: Response): number | null {
  const header = res.headers.get('retry-after');
  if (!header) return null;
  const seconds = /^\d+$/.test(header) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

export default function ContactForm({ lang, reference, initialMessage, initial = { status: 'idle' } }: Props) {
  const t = islandTexts(lang).contact;
  const [status, setStatus] = useState<Status>(
    initial.status === 'error' ? { kind: 'error', ...(initial.detail ? { detail: initial.detail } : {}) } : { kind: initial.status },
  );
  const [errors, setErrors] = useState<InquiryFieldErrors>(initial.errors ?? {});
  // What a post without JavaScript sent, shown again with its errors; a later success clears it.
  const [kept, setKept] = useState(initial.values);

  function fail(form: HTMLFormElement, next: InquiryFieldErrors, detail?: string) {
    setErrors(next);
    setStatus({ kind: 'error', detail });
    toast({ type: 'error', title: t.error, ...(detail ? { message: detail } : {}) });
    const first = (['name', 'phone', 'email', 'message'] as const).find((f) => next[f]);
    if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const input = inquiryInputOf(data, lang, reference);
    const own = inquiryFieldErrors(input, lang);
    if (Object.keys(own).length) return fail(form, own);
    setErrors({});
    setStatus({ kind: 'sending' });
    let res: Response;
    try {
      // accept-language: the API's refusals come in the page's language, not the browser's.
      res = await fetch('/api/inquiries', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': lang },
        body: JSON.stringify(input),
      });
    } catch {
      // No answer: the spec's fallback, as for an answer without a message of its own.
      return fail(form, {}, t.sendFallback);
    }
    if (res.ok) {
      form.reset();
      setKept(undefined);
      setStatus({ kind: 'success' });
      toast({ type: 'success', title: t.success });
      return;
    }
    if (res.status === 429) {
      const wait = retryAfterSeconds(res);
      return fail(form, {}, wait ? fill(t.retryIn, { wait: formatWait(wait, lang) }) : t.retryLater);
    }
    const body = (await res.json().catch(() => null)) as ({ error?: unknown } & ProblemFieldErrors) | null;
    const message = typeof body?.error === 'string' ? body.error : '';
    const fields = res.status === 400 ? refusedFieldErrors(body, input, lang) : {};
    const named = Object.keys(fields).length > 0;
    fail(form, fields, named ? undefined : message || t.sendFallback);
  }

  const sending = status.kind === 'sending';
  // A control's id and name, the value a post without JavaScript kept, and the link to its error.
  const control = (f: InquiryField) => ({
    id: `contact-${f}`,
    name: f,
    defaultValue: kept?.[f],
    ...(errors[f] ? { 'aria-invalid': true, 'aria-describedby': `contact-${f}-error` } : {}),
  });

  return (
    <form
      className="form"
      id="contact-form"
      method="post"
      action="#contact-form"
      noValidate
      onSubmit={submit}
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title">{t.formTitle}</h2>
      {reference && (
        <p className="muted">
          {labelled(lang, t.reference, '')}
          <strong>{reference}</strong>
        </p>
      )}
      <Field id="name" label={t.name} error={errors.name}>
        <input {...control('name')} required aria-required="true" autoComplete="name" maxLength={200} />
      </Field>
      <Field id="phone" label={t.phoneField} error={errors.phone}>
        <input {...control('phone')} type="tel" autoComplete="tel" maxLength={40} />
      </Field>
      <Field id="email" label={t.emailField} error={errors.email}>
        <input {...control('email')} type="email" required aria-required="true" autoComplete="email" maxLength={254} />
      </Field>
      <Field id="message" label={t.message} error={errors.message}>
        <textarea {...control('message')} required aria-required="true" maxLength={5000} defaultValue={kept?.message ?? initialMessage} />
      </Field>
      {/* The listing the message is about, as this page shows it: what a post without JavaScript stores. */}
      {reference && <input type="hidden" name={REFERENCE_FIELD} value={reference} />}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      {status.kind === 'success' && (
        <p className="alert alert-success" role="status">
          {t.success}
        </p>
      )}
      {status.kind === 'error' && (
        <div className="alert alert-error" role="alert">
          <p>{t.error}</p>
          {status.detail && <p data-testid="contact-error-detail">{status.detail}</p>}
        </div>
      )}
      <div>
        <button className="btn" type="submit" disabled={sending}>
          {sending ? t.sending : t.send}
        </button>
      </div>
    </form>
  );
}

function Field({ id, label, error, children }: { id: InquiryField; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={`contact-${id}`}>{label}</label>
      {children}
      {error && (
        <p className="field-error" id={`contact-${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

if (import.meta.env.SSR) renderedByReact(ContactForm);
