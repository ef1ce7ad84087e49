// The theme before the first paint, identical in every page (docs/decisions/078-one-page-for-every-visitor.md):
// the visitor's choice (the `theme` cookie the toggle and /preferences set, or local storage), else
// the system setting. Inline in <head> so nothing flashes; the CSP allows it by this exact hash.
import { createHash } from 'node:crypto';

export const THEME_BOOT =
  "try{var c=/(?:^|;)\\s*theme=(dark|light)/.exec(document.cookie),t=c?c[1]:localStorage.getItem('theme');" +
  "if(t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches))document.documentElement.classList.add('dark')}catch(e){}";

export const THEME_BOOT_HASH = `sha256-${createHash('sha256').update(THEME_BOOT).digest('base64')}`;
