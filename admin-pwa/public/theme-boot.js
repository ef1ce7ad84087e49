/* global document, localStorage */
// Applies the admin's stored theme and language before the first paint. A classic blocking script
// in <head> (the admin is served with script-src 'self', so it cannot be inline). Without a stored
// theme nothing is set and the stylesheet's prefers-color-scheme query decides (lib/theme.ts).
try {
  var theme = localStorage.getItem('theme');
  if (theme === 'dark' || theme === 'light') document.documentElement.classList.add(theme);
  var lang = localStorage.getItem('admin-lang');
  if (lang === 'en' || lang === 'fr') document.documentElement.lang = lang;
} catch {
  /* storage refused (private mode): the system theme and French */
}
