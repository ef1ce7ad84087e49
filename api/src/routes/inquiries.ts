// /api routes for inquiries. Placeholder: filled by its issue.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';

export const inquiriesRoutes = (_deps: Deps) => new Hono<AppEnv>();
