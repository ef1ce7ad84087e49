// New version of the app: the waiting service worker is activated only when the admin accepts,
// never under their feet (workbox-window, vite-plugin-pwa registerType 'prompt').
import { useEffect, useState } from 'react';
import type { Workbox } from 'workbox-window';
import { useT } from '../lib/i18n.ts';

/** '/admin': wider than the script's folder so /admin without the slash is served offline too (vite.config.ts). */
const SW_SCOPE = import.meta.env.BASE_URL.replace(/\/$/, '');

export function UpdatePrompt() {
  const [wb, setWb] = useState<Workbox | null>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return;
      const workbox = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: SW_SCOPE });
      workbox.addEventListener('waiting', () => setWaiting(true));
      // Reload only after the admin asked for the update (the new worker then takes control).
      workbox.addEventListener('controlling', (e) => {
        if (e.isUpdate) window.location.reload();
      });
      // A refused registration (private mode, a blocked worker) leaves the app as it is, without one.
      workbox.register().catch(() => {});
      setWb(workbox);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const t = useT().app;
  if (!waiting || !wb) return null;
  return (
    <div className="update-prompt" role="alertdialog" aria-labelledby="update-title" aria-describedby="update-text">
      <p id="update-title" className="update-title">
        {t.updateTitle}
      </p>
      <p id="update-text">{t.updateText}</p>
      <div className="toast-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={() => wb.messageSkipWaiting()}>
          {t.update}
        </button>
        <button type="button" className="btn btn-small" onClick={() => setWaiting(false)}>
          {t.later}
        </button>
      </div>
    </div>
  );
}
