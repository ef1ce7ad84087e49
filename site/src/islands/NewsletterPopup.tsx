// Newsletter popup (public-site section 4): appears after 2–10 s unless the visitor subscribed or
// dismissed it within the hour; closes 3 s after a successful subscription; 300 ms animation.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fill } from '@app/domain/i18n/index';
import { islandTexts } from '../lib/island-texts.ts';
import type { Lang } from '@app/domain/lang';
import { ANIMATION_MS, CLOSE_AFTER_SUCCESS_MS, randomDelay, readMemory, shouldShow, writeMemory } from './popup-memory.ts';
import { renderedByReact } from '../lib/react-component.ts';

type Props = { lang: Lang; privacyHref: string };
type Status = 'idle' | 'sending' | 'success' | 'error';

export default function NewsletterPopup({ lang, privacyHref }: Props) {
  const t = islandTexts(lang).newsletter;
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState('');
  const dialogRef = useRef<HTMLDivElement>(null);
  const succeeded = useRef(false);

  useEffect(() => {
    if (!shouldShow(readMemory(), Date.now())) return;
    const timer = setTimeout(() => {
      setMounted(true);
      setTimeout(() => setOpen(true), 20);
    }, randomDelay());
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!open) return;
    dialogRef.current?.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  function close() {
    if (!succeeded.current) writeMemory({ dismissed: true, dismissedAt: Date.now() });
    setOpen(false);
    setTimeout(() => setMounted(false), ANIMATION_MS);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem('email') as HTMLInputElement;
    const email = input.value.trim();
    if (!email || !input.checkValidity()) {
      setStatus('error');
      setMessage(t.invalid);
      return;
    }
    setStatus('sending');
    try {
      const res = await fetch('/api/newsletter/subscribe', {
        method: 'POST',
        // The API's refusals come in the page's language, not the browser's.
        headers: { 'content-type': 'application/json', 'accept-language': lang },
        // The page the visitor subscribed on: its path, read when sent (not written into every page's props).
        body: JSON.stringify({
          email,
          language: lang,
          page: location.pathname,
          website: (form.elements.namedItem('website') as HTMLInputElement).value,
        }),
      });
      const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
      if (!res.ok) {
        setStatus('error');
        setMessage(body.error ?? fill(t.errorStatus, { status: res.status }));
        return;
      }
      succeeded.current = true;
      writeMemory({ subscribed: true, subscribedEmail: email, subscribedAt: Date.now() });
      setStatus('success');
      setMessage(body.message ?? t.success);
      setTimeout(close, CLOSE_AFTER_SUCCESS_MS);
    } catch {
      setStatus('error');
      setMessage(t.failed);
    }
  }

  if (!mounted) return null;
  return (
    <div className={`popup-backdrop${open ? ' open' : ''}`} onClick={(e) => e.target === e.currentTarget && close()}>
      <div className="popup" role="dialog" aria-modal="true" aria-labelledby="newsletter-title" ref={dialogRef}>
        <button type="button" className="btn btn-ghost btn-small popup-close" onClick={close}>
          {t.close}
        </button>
        <h2 id="newsletter-title">{t.title}</h2>
        <p>{t.text}</p>
        {status === 'success' ? (
          <p className="alert alert-success" role="status">
            {message}
          </p>
        ) : (
          <form className="form" noValidate onSubmit={submit}>
            <div className="field">
              <label htmlFor="newsletter-email">{t.emailLabel}</label>
              <input
                id="newsletter-email"
                name="email"
                type="email"
                required
                autoComplete="email"
                aria-describedby={status === 'error' ? 'newsletter-error' : undefined}
              />
            </div>
            <div className="honeypot" aria-hidden="true">
              <label htmlFor="newsletter-website">Website</label>
              <input id="newsletter-website" name="website" tabIndex={-1} autoComplete="off" />
            </div>
            {status === 'error' && (
              <p id="newsletter-error" className="field-error" role="alert">
                {message}
              </p>
            )}
            <button className="btn" type="submit" disabled={status === 'sending'}>
              {status === 'sending' ? t.sending : t.submit}
            </button>
            <p className="consent">
              {t.consent} <a href={privacyHref}>{t.privacyLink}</a>.
            </p>
          </form>
        )}
      </div>
    </div>
  );
}

if (import.meta.env.SSR) renderedByReact(NewsletterPopup);
