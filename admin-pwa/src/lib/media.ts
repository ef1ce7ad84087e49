// Whether a CSS media query matches, kept in step as the window resizes (for layouts whose markup,
// not just their styles, differs: the phone header's menu is a dialog, the desktop sidebar is not).
import { useCallback, useSyncExternalStore } from 'react';

const matches = (query: string) => typeof matchMedia === 'function' && matchMedia(query).matches;

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof matchMedia !== 'function') return () => {};
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matches(query),
    () => false,
  );
}

/** Where tables become cards (styles.css `.cards-only` uses the same width). */
export const CARDS_QUERY = '(max-width: 760px)';
