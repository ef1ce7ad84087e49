// The designed empty and error states of every admin screen (issue #14); the loading state is the
// Spinner (components/spinner.tsx). Empty says what is empty and offers the next action; error says
// what failed, in the spec's words, with Retry where asking again can help.
import './states.css';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n.ts';
import { useOnline } from '../lib/online.ts';
import { Icon } from './icons.tsx';

/**
 * Nothing to show: announced politely, with a hint and the next action when there is one. Offline,
 * "nothing" may only mean "not loaded on this device yet", and it says so.
 */
export function EmptyState({ title, hint, action }: { title: string; hint?: string | undefined; action?: ReactNode }) {
  const online = useOnline();
  const t = useT().states;
  return (
    <div className="state state-empty" role="status">
      <Icon name="info" />
      <p className="state-title">{title}</p>
      {online ? hint ? <p className="muted">{hint}</p> : null : <p className="muted">{t.offlineHint}</p>}
      {action ? <div className="actions">{action}</div> : null}
    </div>
  );
}

/** A load that failed: the message, Retry when given, and another way out (a link) when given. */
export function ErrorState({ message, onRetry, action }: { message: string; onRetry?: (() => void) | undefined; action?: ReactNode }) {
  const t = useT().states;
  return (
    <div className="state state-error" role="alert">
      <Icon name="warning" />
      <p className="state-title">{message}</p>
      {onRetry || action ? (
        <div className="actions">
          {onRetry ? (
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              {t.retry}
            </button>
          ) : null}
          {action}
        </div>
      ) : null}
    </div>
  );
}

/** Something this screen does online only, said while offline instead of a spinner or an empty list. */
export function OfflineState({ message }: { message: string }) {
  return (
    <div className="state state-empty" role="status">
      <Icon name="offline" />
      <p className="state-title">{message}</p>
    </div>
  );
}
