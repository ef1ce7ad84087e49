// Light/dark theme: the system setting (prefers-color-scheme) until the admin chooses, then the
// stored choice, applied as a `light` or `dark` class on <html>. public/theme-boot.js applies the
// stored choice before the first paint; the stylesheet's light-dark() colours do the rest.
import { readPreference, writePreference } from './preference.ts';
import { createStore, useStore } from './store.ts';

export type Theme = 'light' | 'dark';
type Choice = Theme | 'system';
const KEY = 'theme';

const systemQuery = () => (typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null);
const systemTheme = (): Theme => (systemQuery()?.matches ? 'dark' : 'light');

const choice = createStore<Choice>(readPreference<Choice>(KEY, ['light', 'dark'], 'system'));
const resolve = (c: Choice): Theme => (c === 'system' ? systemTheme() : c);

/** The theme in effect: follows the system while the admin has not chosen. */
export const theme = createStore<Theme>(resolve(choice.get()));
systemQuery()?.addEventListener('change', () => theme.set(resolve(choice.get())));

export function applyTheme(c: Choice = choice.get()) {
  const root = document.documentElement.classList;
  root.toggle('dark', c === 'dark');
  root.toggle('light', c === 'light');
}

export function toggleTheme() {
  const next: Theme = theme.get() === 'dark' ? 'light' : 'dark';
  choice.set(next);
  theme.set(next);
  writePreference(KEY, next);
  applyTheme(next);
}

export const useTheme = () => useStore(theme);
