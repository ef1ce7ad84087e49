// GET /api/openapi.json: the OpenAPI 3.1 document built from the routes themselves (their doc(),
// validators and guards: http/openapi-document.ts), and GET /api/docs: the reference page with
// "try it" against the same origin (own script and stylesheet, own CSP, no CDN).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../context.ts';
import { buildOpenApi, type RegisteredRoute } from '../http/openapi-document.ts';
import { doc } from '../http/openapi-meta.ts';

const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), '../static/api-docs');
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const openApiRoutes = (_deps: Deps, routes: () => readonly RegisteredRoute[]) => {
  let document: ReturnType<typeof buildOpenApi> | undefined;
  const file = (name: string, type: string) => (c: { body: (b: string, s: 200, h: Record<string, string>) => Response }) =>
    c.body(fs.readFileSync(path.join(assets, name), 'utf8'), 200, {
      'content-type': type,
      'content-security-policy': DOCS_CSP,
      'cache-control': 'no-cache',
    });
  return new Hono<AppEnv>()
    .get(
      '/openapi.json',
      doc({ summary: 'This OpenAPI 3.1 document', responses: { 200: z.object({ openapi: z.string() }).loose() } }),
      (c) => c.json((document ??= buildOpenApi(routes()))),
    )
    .get(
      '/docs',
      doc({ summary: 'The API reference page (HTML)', responses: { 200: 'text/html' } }),
      file('index.html', 'text/html; charset=utf-8'),
    )
    .get(
      '/docs/app.js',
      doc({ summary: "The reference page's script", responses: { 200: 'text/javascript' } }),
      file('app.js', 'text/javascript; charset=utf-8'),
    )
    .get(
      '/docs/app.css',
      doc({ summary: "The reference page's stylesheet", responses: { 200: 'text/css' } }),
      file('app.css', 'text/css; charset=utf-8'),
    );
};
