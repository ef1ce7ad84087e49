// Contact form (public-site sections 2, 4, 5): name, phone (optional), e-mail, message; idle,
// sending, then success (form reset) or error, with the spec's texts and a toast.
import { useState, type FormEvent } from 'react';
import type { Dictionary } from '@app/domain/i18n/fr';
import type { Lang } from '@app/domain/lang';
import { toast } from './toast.ts';

type Props = { lang: Lang; t: Dictionary['contact']; reference: string; initialMessage: string };
type Status = 'idle' | 'sending' | 'success' | 'error';

export default function ContactForm({ lang, t, reference, initialMessage }: Props) {
  const [status, setStatus] = useState<Status>('idle');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    setStatus('sending');
    try {
      const res = await fetch('/api/inquiries', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: data.name,
          email: data.email,
          phone: data.phone || undefined,
          message: data.message,
          language: lang,
          productReference: reference || undefined,
          website: data.website,
        }),
      });
      if (!res.ok) throw new Error(String(res.status));
      form.reset();
      setStatus('success');
      toast({ type: 'success', title: t.success });
    } catch {
      setStatus('error');
      toast({ type: 'error', title: t.error });
    }
  }

  return (
    <form className="form" method="post" onSubmit={submit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{t.formTitle}</h2>
      {reference && <p className="muted">{t.reference} : <strong>{reference}</strong></p>}
      <div className="field">
        <label htmlFor="contact-name">{t.name}</label>
        <input id="contact-name" name="name" required autoComplete="name" maxLength={200} />
      </div>
      <div className="field">
        <label htmlFor="contact-phone">{t.phoneField}</label>
        <input id="contact-phone" name="phone" type="tel" autoComplete="tel" maxLength={40} />
      </div>
      <div className="field">
        <label htmlFor="contact-email">{t.emailField}</label>
        <input id="contact-email" name="email" type="email" required autoComplete="email" maxLength={254} />
      </div>
      <div className="field">
        <label htmlFor="contact-message">{t.message}</label>
        <textarea id="contact-message" name="message" required maxLength={5000} defaultValue={initialMessage} />
      </div>
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      {status === 'success' && <p className="alert alert-success" role="status">{t.success}</p>}
      {status === 'error' && <p className="alert alert-error" role="alert">{t.error}</p>}
      <div>
        <button className="btn" type="submit" disabled={status === 'sending'}>{status === 'sending' ? t.sending : t.send}</button>
      </div>
    </form>
  );
}
