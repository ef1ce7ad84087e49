// Toasts (public-site section 2): any island raises one with toast(); the Toaster island shows them.
// A DOM event rather than a shared module, so that islands bundled apart still reach the Toaster.
export type ToastType = 'success' | 'error' | 'info' | 'warning';
export type Toast = { id: number; type: ToastType; title: string; message?: string; duration: number };

/** Milliseconds each kind stays on screen (public-site section 9); 5000 when unspecified. */
export const TOAST_DURATIONS: Record<ToastType, number> = { success: 4000, error: 6000, info: 4000, warning: 5000 };
export const DEFAULT_TOAST_DURATION = 5000;
export const TOAST_EVENT = 'site:toast';

let nextId = 1;
export function toast(input: { type: ToastType; title: string; message?: string; duration?: number }): void {
  const detail: Toast = { id: nextId++, ...input, duration: input.duration ?? TOAST_DURATIONS[input.type] ?? DEFAULT_TOAST_DURATION };
  window.dispatchEvent(new CustomEvent<Toast>(TOAST_EVENT, { detail }));
}
