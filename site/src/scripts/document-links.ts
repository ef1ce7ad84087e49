// Product and library documents (public-site sections 2 and 8): Preview and Download are plain links
// that work without JavaScript; with it, the file is checked first (HEAD, not counted as a download)
// and an unreachable one shows the spec's toast instead of a browser error page.
import { toast } from '../islands/toast.ts';

/** Links marked data-doc-action="preview|download" and data-doc-error="<toast title>". */
const SELECTOR = 'a[data-doc-action]';

async function reachable(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Preview: the tab opens inside the click itself (popup blockers allow a window only there, and
 * some browsers end the click's activation before the check answers); it is sent to the file once
 * the check succeeds, and closed again with the error toast otherwise.
 */
function preview(link: HTMLAnchorElement) {
  const win = window.open('', '_blank');
  if (win) win.opener = null;
  return (ok: boolean) => {
    if (!ok) win?.close();
    else if (win) win.location.replace(link.href);
    // Refused a window all the same: the document opens in this tab.
    else location.assign(link.href);
  };
}

function download(link: HTMLAnchorElement) {
  // A detached copy: its click neither reaches this listener nor changes the page.
  const a = document.createElement('a');
  a.href = link.href;
  a.download = link.getAttribute('download') ?? '';
  a.click();
}

export function enhanceDocumentLinks(root: Document = document) {
  root.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(SELECTOR);
    if (!link) return;
    event.preventDefault();
    if (link.getAttribute('aria-busy') === 'true') return;
    link.setAttribute('aria-busy', 'true');
    const finish = link.dataset.docAction === 'preview' ? preview(link) : (ok: boolean) => ok && download(link);
    void reachable(link.href)
      .then((ok) => {
        finish(ok);
        if (!ok) toast({ type: 'error', title: link.dataset.docError ?? '' });
      })
      .finally(() => link.removeAttribute('aria-busy'));
  });
}
