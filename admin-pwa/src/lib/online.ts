// Connectivity as React state: navigator.onLine plus its online/offline events, and what requests
// say. navigator.onLine can read true while nothing answers (a captive portal, a dead link, and some
// browsers for a page their service worker served): a request that got no answer marks the app
// offline until one gets an answer again or the browser says it is back online.
import { useSyncExternalStore } from 'react';

let unanswered = false;
let probe: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();
const whenBack = new Set<() => void>();
const notify = () => listeners.forEach((fn) => fn());

/** Called by the API client: whether its last request got an answer. */
export function requestAnswered(answered: boolean) {
  if (unanswered === !answered) return;
  unanswered = !answered;
  clearInterval(probe);
  // Unanswered, the app asks the server's health every few seconds, so it learns the network is back
  // even when the browser never said it was gone.
  if (unanswered)
    probe = setInterval(
      () =>
        void fetch('/api/health', { method: 'HEAD', cache: 'no-store' }).then(
          () => requestAnswered(true),
          () => undefined,
        ),
      3000,
    );
  else whenBack.forEach((fn) => fn());
  notify();
}

/** Runs `fn` when requests are answered again after going unanswered (as on the browser's 'online' event). */
export function onAnsweredAgain(fn: () => void): () => void {
  whenBack.add(fn);
  return () => whenBack.delete(fn);
}

/** The app's view of the network: the browser's flag, unless requests go unanswered. */
export const isOnline = () => navigator.onLine && !unanswered;

function subscribe(fn: () => void) {
  const back = () => {
    unanswered = false;
    fn();
  };
  listeners.add(fn);
  window.addEventListener('online', back);
  window.addEventListener('offline', fn);
  return () => {
    listeners.delete(fn);
    window.removeEventListener('online', back);
    window.removeEventListener('offline', fn);
  };
}

export const useOnline = () => useSyncExternalStore(subscribe, isOnline, () => true);
