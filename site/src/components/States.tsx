// The three designed states every public screen shares (issue #14): empty (what is empty and the next
// action), loading (a labelled, busy region that keeps the space its content will take) and error (what
// failed and, where asking again can help, a Retry). Usable from .astro views and from islands alike.
// Their styles (states.css) are in every page's stylesheet, imported by the layout.
import type { ReactNode } from 'react';
import { renderedByReact } from '../lib/react-component.ts';

type Action = { label: string; href?: string | undefined; onClick?: (() => void) | undefined };

function ActionButton({ action, primary }: { action: Action; primary?: boolean }) {
  const className = primary ? 'btn' : 'btn btn-outline';
  if (action.href)
    return (
      <a className={className} href={action.href} onClick={action.onClick && ((e) => (e.preventDefault(), action.onClick!()))}>
        {action.label}
      </a>
    );
  return (
    <button className={className} type="button" onClick={action.onClick}>
      {action.label}
    </button>
  );
}

const Icon = ({ kind }: { kind: 'empty' | 'error' }) => (
  <svg className="state-icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
    {kind === 'empty' ? (
      <path d="M4 13h4l2 3h4l2-3h4M4 13l2.5-7h11L20 13v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1z" />
    ) : (
      <path d="M12 8v5M12 16.5v.5M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    )}
  </svg>
);

/** Nothing to show: a title, an optional hint and the next action. Announced politely. */
export function EmptyState({
  title,
  text,
  action,
  headingLevel = 2,
}: {
  title: string;
  text?: string | undefined;
  action?: Action | undefined;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="state state-empty" role="status">
      <Icon kind="empty" />
      <Heading className="state-title">{title}</Heading>
      {text ? <p>{text}</p> : null}
      {action ? <ActionButton action={action} primary /> : null}
    </div>
  );
}

/** Something failed: the message (the spec's words where it gives them) and Retry when it can help. */
export function ErrorState({ message, retry }: { message: string; retry?: Action | undefined }) {
  return (
    <div className="state state-error" role="alert">
      <Icon kind="error" />
      <p className="state-title">{message}</p>
      {retry ? <ActionButton action={retry} /> : null}
    </div>
  );
}

/**
 * Waiting for an answer: a busy status region named by its label. With children (skeletons of the
 * content to come) it takes their place, so nothing jumps when the content arrives.
 */
export function LoadingState({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <div className="state-loading" role="status" aria-busy="true" aria-label={label}>
      {children ?? (
        <>
          <span className="spinner" aria-hidden="true" />
          <p className="muted">{label}</p>
        </>
      )}
    </div>
  );
}

if (import.meta.env.SSR) renderedByReact(EmptyState);
if (import.meta.env.SSR) renderedByReact(ErrorState);
