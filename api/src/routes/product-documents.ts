// /api routes for product-documents. Placeholder: filled by its issue.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';

export const productDocumentsRoutes = (_deps: Deps) => new Hono<AppEnv>();
