// Toasts (public-site section 2 and 9): top right, stacked, one icon per type, a close button,
// and the spec's durations. Callable from anywhere (the API client's session expiry uses it).
import { createStore } from './store.ts';

export type ToastType = 'success' | 'error' | 'info' | 'warning';
export type ToastAction = { label: string; onClick: () => void };
export type Toast = { id: string; type: ToastType; title: string; message?: string; duration: number; actions?: ToastAction[] };

export const TOAST_DURATIONS: Record<ToastType, number> = { success: 4000, error: 6000, info: 4000, warning: 5000 };
export const DEFAULT_TOAST_DURATION = 5000;

export const toasts = createStore<Toast[]>([]);
/** The timers of the toasts shown (bounded by nature: a toast's goes when it closes). */
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

export type ToastOptions = { message?: string; duration?: number; id?: string; actions?: ToastAction[] };

export function showToast(type: ToastType, title: string, options: ToastOptions = {}): string {
  const id = options.id ?? `t${++counter}`;
  const duration = options.duration ?? TOAST_DURATIONS[type] ?? DEFAULT_TOAST_DURATION;
  dismissToast(id);
  toasts.set((list) => [...list, { id, type, title, message: options.message, duration, actions: options.actions }]);
  // A duration of 0 keeps the toast until it is closed (the session warning).
  if (duration > 0 && Number.isFinite(duration))
    timers.set(
      id,
      setTimeout(() => dismissToast(id), duration),
    );
  return id;
}

export function dismissToast(id: string) {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  if (toasts.get().some((t) => t.id === id)) toasts.set((list) => list.filter((t) => t.id !== id));
}

/** Shorthands: `toast.success('Annonce créée')`, `toast.error('Erreur de suppression', 'Erreur lors de la suppression')`. */
export const toast = {
  success: (title: string, message?: string, o?: ToastOptions) => showToast('success', title, { ...o, message }),
  error: (title: string, message?: string, o?: ToastOptions) => showToast('error', title, { ...o, message }),
  info: (title: string, message?: string, o?: ToastOptions) => showToast('info', title, { ...o, message }),
  warning: (title: string, message?: string, o?: ToastOptions) => showToast('warning', title, { ...o, message }),
};
