// Shows toasts top right, stacked, with an icon per type and a close button.
import { useEffect, useRef, useState } from 'react';
import { TOAST_EVENT, takePendingToasts, toToast, type Toast, type ToastRequest, type ToastType } from './toast.ts';
import { renderedByReact } from '../lib/react-component.ts';

const ICONS: Record<ToastType, string> = { success: '✓', error: '✕', info: 'i', warning: '!' };

export default function Toaster({ closeLabel }: { closeLabel: string }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const lastId = useRef(0);
  useEffect(() => {
    const show = (request: ToastRequest) => {
      const t = toToast(request, ++lastId.current);
      setToasts((list) => [...list, t]);
      setTimeout(() => setToasts((list) => list.filter((x) => x.id !== t.id)), t.duration);
    };
    const onToast = (event: Event) => show((event as CustomEvent<ToastRequest>).detail);
    window.addEventListener(TOAST_EVENT, onToast);
    takePendingToasts().forEach(show);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, []);
  return (
    // Not a list: each toast is an alert or a status of its own, a role a list item cannot carry.
    <div className="toasts" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.type}`} role={t.type === 'error' ? 'alert' : 'status'}>
          <span className="toast-icon" aria-hidden="true">
            {ICONS[t.type]}
          </span>
          <div>
            <p>
              <strong>{t.title}</strong>
            </p>
            {t.message && <p>{t.message}</p>}
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-label={closeLabel}
            onClick={() => setToasts((list) => list.filter((x) => x.id !== t.id))}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

if (import.meta.env.SSR) renderedByReact(Toaster);
