import { it } from 'vitest';
import { serverAndBrowser } from '../support/browser.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { createListingViaApi, png, signInThroughUi } from './admin-support.ts';
import { CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN } from '../support/auth.ts';

const env = serverAndBrowser();
it('shots', async () => {
  const created = await createListingViaApi(env.server, 'Groupe électrogène Perkins 250 kVA capoté');
  await createListingViaApi(env.server, 'Moteur marin', { price: undefined } as never);
  const { headers } = await signInAsAdmin(env.server);
  const form = new FormData();
  form.append('image', new Blob([png('icon-512.png').buffer], { type: 'image/png' }), 'a.png');
  await env.server.api(`/products/${created.id}/images`, { method: 'POST', headers, body: form });
  for (const scheme of ['light', 'dark'] as const) for (const width of [1280, 390]) {
    const context = await env.browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
    const page = await context.newPage();
    await signInThroughUi(page, env.server.url, INITIAL_ADMIN.email, CHANGED_ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    if (scheme === 'dark') { await page.evaluate(() => localStorage.setItem('theme', 'dark')); }
    for (const [name, path] of [['dashboard', '/admin/'], ['listings', '/admin/annonces'], ['edit', `/admin/annonces/${created.id}/edit`], ['messages', '/admin/messages'], ['documents', '/admin/documents'], ['newsletter', '/admin/newsletter'], ['settings', '/admin/parametres']]) {
      await page.goto(`${env.server.url}${path}`);
      await page.waitForTimeout(800);
      const sw = await page.evaluate(() => document.documentElement.scrollWidth); if (sw > width) console.log('OVERFLOW', name, width, scheme, sw);
      await page.screenshot({ path: `/tmp/i14a-shots/${name}-${width}-${scheme}.png`, fullPage: true });
    }
    await context.close();
  }
}, 300_000);
