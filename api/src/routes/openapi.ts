// GET /api/openapi.json: the OpenAPI 3.1 document generated from the domain's zod schemas (never
// written by hand), and GET /api/docs: an offline reference page (same-origin script, own CSP).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  PublicTechnicalDocumentQuerySchema,
  TechnicalDocumentCreateSchema,
  TechnicalDocumentListSchema,
  TechnicalDocumentQuerySchema,
  TechnicalDocumentSchema,
  TechnicalDocumentStatsSchema,
  TechnicalDocumentUpdateSchema,
} from '@app/domain/documents';
import { ProductDocumentSchema, ProductImageSchema, ProductInputSchema, ProductListSchema, ProductQuerySchema, ProductSchema, ProductUpdateSchema } from '@app/domain/products';
import type { AppEnv, Deps } from '../context.ts';

type Operation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  tag: string;
  summary: string;
  admin?: boolean;
  query?: z.ZodObject;
  json?: z.ZodType;
  /** multipart/form-data fields: 'file', 'files' or a text description. */
  multipart?: Record<string, 'file' | 'files' | 'string'>;
  response?: z.ZodType;
  status?: number;
  /** A binary answer (downloads, pictures). */
  binary?: boolean;
};

const Error = z.object({ error: z.string() }).meta({ id: 'Error' });
const Success = z.object({ success: z.literal(true) });
const Stats = z.object({ products: z.number(), messages: z.number(), documents: z.number() });
const ProductDocumentBatch = z.object({ documents: z.array(ProductDocumentSchema), refused: z.array(z.object({ filename: z.string(), error: z.string() })) });

const operations: Operation[] = [
  { method: 'get', path: '/products', tag: 'Listings', summary: 'Search and filter listings (full-text, facets)', query: ProductQuerySchema, response: ProductListSchema },
  { method: 'get', path: '/products/{id}', tag: 'Listings', summary: 'One listing with its images and documents', response: ProductSchema },
  { method: 'post', path: '/products', tag: 'Listings', summary: 'Create a listing', admin: true, json: ProductInputSchema, response: ProductSchema, status: 201 },
  { method: 'put', path: '/products/{id}', tag: 'Listings', summary: 'Update a listing (409 when version is stale)', admin: true, json: ProductUpdateSchema, response: ProductSchema },
  { method: 'delete', path: '/products/{id}', tag: 'Listings', summary: 'Delete a listing with its files', admin: true, response: Success },
  { method: 'get', path: '/products/{id}/images', tag: 'Listing images', summary: 'Images in display order (cover first)', response: z.object({ images: z.array(ProductImageSchema) }) },
  { method: 'post', path: '/products/{id}/images', tag: 'Listing images', summary: 'Upload an image (JPEG, PNG, WebP; 5 MB)', admin: true, multipart: { image: 'file', alt: 'string' }, response: z.object({ image: ProductImageSchema }), status: 201 },
  { method: 'put', path: '/products/{id}/images/order', tag: 'Listing images', summary: 'Reorder images (first = cover)', admin: true, json: z.object({ imageIds: z.array(z.number()) }), response: z.object({ images: z.array(ProductImageSchema) }) },
  { method: 'patch', path: '/products/{id}/images/{imageId}', tag: 'Listing images', summary: 'Edit alt text or make it the cover', admin: true, json: z.object({ alt: z.string().optional(), cover: z.boolean().optional() }), response: z.object({ image: ProductImageSchema, images: z.array(ProductImageSchema) }) },
  { method: 'delete', path: '/products/{id}/images/{imageId}', tag: 'Listing images', summary: 'Delete an image and its files', admin: true, response: Success },
  { method: 'get', path: '/media/images/{key}/{file}', tag: 'Listing images', summary: 'An image variant (immutable)', binary: true },
  { method: 'get', path: '/products/{id}/documents', tag: 'Listing documents', summary: 'Documents of a listing', response: z.object({ documents: z.array(ProductDocumentSchema) }) },
  { method: 'post', path: '/products/{id}/documents', tag: 'Listing documents', summary: 'Upload documents (50 MB each); refused files are reported', admin: true, multipart: { documents: 'files', titles: 'string', descriptions: 'string' }, response: ProductDocumentBatch, status: 201 },
  { method: 'delete', path: '/products/{id}/documents/{docId}', tag: 'Listing documents', summary: 'Delete a document and its file', admin: true, response: Success },
  { method: 'get', path: '/products/{id}/documents/{docId}/download', tag: 'Listing documents', summary: 'Download (attachment, Range, counted)', binary: true },
  { method: 'get', path: '/products/{id}/documents/{docId}/preview', tag: 'Listing documents', summary: 'Inline preview under a sandboxing CSP', binary: true },
  { method: 'get', path: '/technical-documents/public', tag: 'Technical library', summary: 'Public list', query: PublicTechnicalDocumentQuerySchema, response: TechnicalDocumentListSchema },
  { method: 'get', path: '/technical-documents/download/{id}', tag: 'Technical library', summary: 'Download (counted)', binary: true },
  { method: 'get', path: '/technical-documents/preview/{id}', tag: 'Technical library', summary: 'Inline preview', binary: true },
  { method: 'get', path: '/admin/technical-documents', tag: 'Technical library', summary: 'Admin list', admin: true, query: TechnicalDocumentQuerySchema, response: TechnicalDocumentListSchema },
  { method: 'get', path: '/admin/technical-documents/stats', tag: 'Technical library', summary: 'Statistics', admin: true, response: TechnicalDocumentStatsSchema },
  { method: 'post', path: '/admin/technical-documents/upload', tag: 'Technical library', summary: 'Upload a document (50 MB)', admin: true, multipart: { document: 'file', title: 'string', titleFr: 'string', titleEn: 'string', descriptionFr: 'string', descriptionEn: 'string', productId: 'string' }, response: z.object({ document: TechnicalDocumentSchema }), status: 201 },
  { method: 'post', path: '/admin/technical-documents', tag: 'Technical library', summary: "Publish a listing's document into the library", admin: true, json: TechnicalDocumentCreateSchema, response: z.object({ document: TechnicalDocumentSchema }), status: 201 },
  { method: 'put', path: '/admin/technical-documents/{id}', tag: 'Technical library', summary: 'Edit texts or linked listing', admin: true, json: TechnicalDocumentUpdateSchema, response: z.object({ document: TechnicalDocumentSchema }) },
  { method: 'delete', path: '/admin/technical-documents/{id}', tag: 'Technical library', summary: 'Delete a document and its file', admin: true, response: Success },
  { method: 'get', path: '/stats', tag: 'Dashboard', summary: 'Counts of listings, messages and documents', admin: true, response: Stats },
];

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12', reused: 'inline' }) as Record<string, unknown>;

function strip(schema: Record<string, unknown>) {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}

export function buildOpenApi(serverUrl = '/api') {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const parameters: unknown[] = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: m[1] === 'key' || m[1] === 'file' ? { type: 'string' } : { type: 'integer', minimum: 1 },
    }));
    if (op.query) {
      const q = jsonSchema(op.query, 'output') as { properties?: Record<string, Record<string, unknown>> };
      for (const [name, schema] of Object.entries(q.properties ?? {})) parameters.push({ name, in: 'query', required: false, schema });
    }
    const responses: Record<string, unknown> = {
      [String(op.status ?? 200)]: op.binary
        ? { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
        : { description: 'Success', content: { 'application/json': { schema: op.response ? strip(jsonSchema(op.response, 'output')) : {} } } },
      default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    };
    let requestBody: unknown;
    if (op.json) requestBody = { required: true, content: { 'application/json': { schema: strip(jsonSchema(op.json, 'input')) } } };
    if (op.multipart) {
      const properties = Object.fromEntries(
        Object.entries(op.multipart).map(([k, v]) => [k, v === 'file' ? { type: 'string', format: 'binary' } : v === 'files' ? { type: 'array', items: { type: 'string', format: 'binary' } } : { type: 'string' }]),
      );
      requestBody = { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties } } } };
    }
    (paths[op.path] ??= {})[op.method] = {
      tags: [op.tag],
      summary: op.summary,
      ...(op.admin ? { security: [{ bearer: [] }] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Provence Moteurs API', version: '1.0.0', description: 'Catalogue, documents and back-office API. Errors always answer { "error": "<message>" }.' },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } }, schemas: { Error: strip(jsonSchema(Error, 'output')) } },
    paths,
  };
}

const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), '../static/api-docs');
const DOCS_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const openApiRoutes = (_deps: Deps) => {
  let document: ReturnType<typeof buildOpenApi> | undefined;
  const file = (name: string, type: string) => (c: { body: (b: string, s: 200, h: Record<string, string>) => Response }) =>
    c.body(fs.readFileSync(path.join(assets, name), 'utf8'), 200, { 'content-type': type, 'content-security-policy': DOCS_CSP, 'cache-control': 'no-cache' });
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => c.json((document ??= buildOpenApi())))
    .get('/docs', file('index.html', 'text/html; charset=utf-8'))
    .get('/docs/app.js', file('app.js', 'text/javascript; charset=utf-8'))
    .get('/docs/app.css', file('app.css', 'text/css; charset=utf-8'));
};
