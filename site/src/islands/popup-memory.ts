// The newsletter popup's local memory (public-site section 3) and its timing rules (sections 4 and 9).
export const POPUP_STORAGE_KEY = 'newsletter-popup';
export const POPUP_MIN_DELAY_MS = 2000;
export const POPUP_MAX_DELAY_MS = 10_000;
export const DISMISS_MEMORY_MS = 60 * 60 * 1000;
export const CLOSE_AFTER_SUCCESS_MS = 3000;
export const ANIMATION_MS = 300;

export type PopupMemory = {
  subscribed?: boolean;
  subscribedEmail?: string;
  subscribedAt?: number;
  dismissed?: boolean;
  dismissedAt?: number;
};

export function readMemory(): PopupMemory {
  try {
    return JSON.parse(localStorage.getItem(POPUP_STORAGE_KEY) ?? '{}') as PopupMemory;
  } catch {
    return {};
  }
}

export function writeMemory(update: PopupMemory): void {
  try {
    localStorage.setItem(POPUP_STORAGE_KEY, JSON.stringify({ ...readMemory(), ...update }));
  } catch {
    // Private mode without storage: the popup simply comes back next time.
  }
}

/** Not after a subscription, nor within an hour of a dismissal. */
export function shouldShow(memory: PopupMemory, now: number): boolean {
  if (memory.subscribed) return false;
  if (memory.dismissed && memory.dismissedAt && now - memory.dismissedAt < DISMISS_MEMORY_MS) return false;
  return true;
}

export const randomDelay = () => POPUP_MIN_DELAY_MS + Math.random() * (POPUP_MAX_DELAY_MS - POPUP_MIN_DELAY_MS);
