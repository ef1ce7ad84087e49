// New version of the app: the waiting service worker is activated only when the admin accepts,
// never under their feet (workbox-window, vite-plugin-pwa registerType 'prompt').
import { useEffect, useState } from 'react';
import type { Workbox } from 'workbox-window';

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
      void workbox.register();
      setWb(workbox);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (!waiting || !wb) return null;
  return (
    <div className="update-prompt" role="alertdialog" aria-labelledby="update-title" aria-describedby="update-text">
      <p id="update-title" className="update-title">
        Nouvelle version disponible
      </p>
      <p id="update-text">Enregistrez votre travail puis mettez à jour l'application.</p>
      <div className="toast-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={() => wb.messageSkipWaiting()}>
          Mettre à jour
        </button>
        <button type="button" className="btn btn-small" onClick={() => setWaiting(false)}>
          Plus tard
        </button>
      </div>
    </div>
  );
}
