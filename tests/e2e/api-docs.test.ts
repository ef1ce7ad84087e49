// The API reference page in Chromium: it renders every operation of /api/openapi.json under its own
// CSP (no violation), and "try it" calls the same origin, headers and body included.
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from '../support/browser.ts';

describe('/api/docs', () => {
  const env = serverAndBrowser();

  it('lists every operation and sends a call from the page', async () => {
    const page = await env.browser.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${env.server.url}/api/docs`);
    const doc = (await (await env.server.api('/openapi.json')).json()) as { paths: Record<string, object> };
    const operations = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    await page.locator('details').first().waitFor();
    expect(await page.locator('details').count()).toBe(operations);

    // POST /inquiries with its documented example: a real call, answered 201.
    const inquiry = page
      .locator('details', { has: page.locator('.path', { hasText: /^\/inquiries$/ }) })
      .filter({ has: page.locator('.method', { hasText: 'post' }) });
    await inquiry.locator('summary').click();
    await inquiry.getByLabel(/Idempotency-Key/).fill('6f1c2a4e-8b3d-4c5e-9a7f-0d1e2f3a4b5c');
    await inquiry.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => inquiry.locator('pre').last().textContent()).toMatch(/^201 /);
    expect(violations).toEqual([]);
    await page.close();
  });
});
