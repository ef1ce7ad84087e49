// Toasts (public-site section 2): any island or script raises one with toast(); the Toaster island shows them.
// A DOM event rather than a shared module, so that islands bundled apart still reach the Toaster.
export type ToastType = 'success' | 'error' | 'info' | 'warning';
export type Toast = { id: number; type: ToastType; title: string; message?: string; duration: number };
/** What travels in the event: the Toaster fills in the id and, unless given, the duration. */
export type ToastRequest = { type?: ToastType; title: string; message?: string; duration?: number };

/** Milliseconds each kind stays on screen (public-site section 9); 5000 when unspecified. */
export const TOAST_DURATIONS: Record<ToastType, number> = { success: 4000, error: 6000, info: 4000, warning: 5000 };
export const DEFAULT_TOAST_DURATION = 5000;
export const TOAST_EVENT = 'site:toast';

/** The toast a request becomes, numbered `id` by the Toaster: durations are decided here, whoever sent the event. */
export function toToast(request: ToastRequest, id: number): Toast {
  const duration = request.duration ?? (request.type ? TOAST_DURATIONS[request.type] : undefined) ?? DEFAULT_TOAST_DURATION;
  return {
    id,
    type: request.type && request.type in TOAST_DURATIONS ? request.type : 'info',
    title: request.title,
    message: request.message,
    duration,
  };
}

/** Toasts raised before the Toaster hydrated (it waits for an idle moment); it takes them on mount. */
type Pending = { siteToasts?: ToastRequest[] | 'listening' };

export function toast(request: ToastRequest): void {
  const w = window as Window & Pending;
  if (w.siteToasts === 'listening') window.dispatchEvent(new CustomEvent<ToastRequest>(TOAST_EVENT, { detail: request }));
  else w.siteToasts = [...(w.siteToasts ?? []), request];
}

/** Called by the Toaster once it listens: the toasts raised so far. */
export function takePendingToasts(): ToastRequest[] {
  const w = window as Window & Pending;
  const pending = Array.isArray(w.siteToasts) ? w.siteToasts : [];
  w.siteToasts = 'listening';
  return pending;
}
