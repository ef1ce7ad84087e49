// Opening and downloading a stored document from the back office (back-office section 8): the file
// is asked for first (HEAD, not counted as a download), so one that cannot be had (offline, deleted,
// a server fault) says 'Error opening document' or 'Download error' instead of a browser error page
// or a saved error body.
import type { MouseEvent } from 'react';
import { fill, texts } from './i18n.ts';
import { toast } from './toast.ts';

/** null when the file answers; otherwise what to tell the admin under the error's title. */
async function whyUnavailable(url: string): Promise<string | null> {
  const all = texts();
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    return res.ok ? null : fill(all.common.errorStatus, { status: res.status });
  } catch {
    return all.auth.unreachable;
  }
}

/**
 * Opens the file in a new tab. The tab is opened within the click (popup blockers allow one only
 * there) and sent to the file once it answers, or closed again with the error toast.
 */
export async function openDocument(url: string): Promise<boolean> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  const problem = await whyUnavailable(url);
  if (problem) {
    tab?.close();
    toast.error(texts().toasts.openDocumentError, problem);
    return false;
  }
  if (tab) tab.location.replace(url);
  else window.location.assign(url);
  return true;
}

/** Saves the file under its name once it answers; the error toast otherwise. */
export async function downloadDocument(url: string, filename: string): Promise<boolean> {
  const problem = await whyUnavailable(url);
  if (problem) {
    toast.error(texts().toasts.downloadError, problem);
    return false;
  }
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  return true;
}

/** A link's click handler for the plain click only: a middle or modified click keeps the browser's own way. */
export const onPlainClick = (run: () => unknown) => (event: MouseEvent) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  run();
};
