// Where the preferences form may send a visitor back to: a path of this site, nothing else.

/**
 * A same-site path to go back to after a preference change; anything else becomes '/'. Judged after
 * URL parsing, as a browser reads the Location header: the parser drops tabs and newlines and reads
 * a backslash as a slash, so '/\t/evil.example' is '//evil.example', another host.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/')) return '/';
  const base = 'http://same-origin.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return '/';
  }
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : '/';
}
