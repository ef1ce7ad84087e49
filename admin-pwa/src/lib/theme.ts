// Light/dark theme (public-site section 4): default light, stored, applied as a `dark` class on <html>.
import { readPreference, writePreference } from './preference.ts';
import { createStore, useStore } from './store.ts';

export type Theme = 'light' | 'dark';
const KEY = 'theme';

export const theme = createStore<Theme>(readPreference<Theme>(KEY, ['light', 'dark'], 'light'));

export function applyTheme(t: Theme = theme.get()) {
  document.documentElement.classList.toggle('dark', t === 'dark');
}

export function toggleTheme() {
  const next: Theme = theme.get() === 'dark' ? 'light' : 'dark';
  theme.set(next);
  writePreference(KEY, next);
  applyTheme(next);
}

export const useTheme = () => useStore(theme);
