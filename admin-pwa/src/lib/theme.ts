// Light/dark theme (public-site section 4): default light, stored, applied as a `dark` class on <html>.
import { createStore, useStore } from './store.ts';

export type Theme = 'light' | 'dark';
const KEY = 'theme';

const initial = (): Theme => {
  try {
    return localStorage.getItem(KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
};

export const theme = createStore<Theme>(initial());

export function applyTheme(t: Theme = theme.get()) {
  document.documentElement.classList.toggle('dark', t === 'dark');
}

export function toggleTheme() {
  const next: Theme = theme.get() === 'dark' ? 'light' : 'dark';
  theme.set(next);
  try {
    localStorage.setItem(KEY, next); // a preference, not authenticated data
  } catch {
    /* private mode */
  }
  applyTheme(next);
}

export const useTheme = () => useStore(theme);
