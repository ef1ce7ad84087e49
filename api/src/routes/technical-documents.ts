// /api routes for technical-documents. Placeholder: filled by its issue.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';

export const technicalDocumentsRoutes = (_deps: Deps) => new Hono<AppEnv>();
