// Renders the toast stack (top right); polite for info/success, assertive for errors and warnings.
import { dismissToast, toasts } from '../lib/toast.ts';
import { useStore } from '../lib/store.ts';
import { Icon } from './icons.tsx';
import { useT } from '../lib/i18n.ts';

export function Toaster() {
  const list = useStore(toasts);
  const all = useT();
  const closeLabel = all.common.closeToast;
  return (
    // A named region: aria-label is not allowed on a div without a role (axe aria-prohibited-attr).
    <section className="toaster" aria-label={all.app.notifications}>
      {list.map((t) => (
        <div
          key={t.id}
          className={`toast toast-${t.type}`}
          role={t.type === 'error' || t.type === 'warning' ? 'alert' : 'status'}
          data-toast-type={t.type}
        >
          <Icon name={t.type} className="toast-icon" />
          <div className="toast-body">
            <p className="toast-title">{t.title}</p>
            {t.message ? <p className="toast-message">{t.message}</p> : null}
            {t.actions?.length ? (
              <div className="toast-actions">
                {t.actions.map((a) => (
                  <button key={a.label} type="button" className="btn btn-small" onClick={a.onClick}>
                    {a.label}
                  </button>
                ))}
              </div>
            ) : null}
          </div>
          <button type="button" className="icon-btn" aria-label={closeLabel} onClick={() => dismissToast(t.id)}>
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </section>
  );
}
