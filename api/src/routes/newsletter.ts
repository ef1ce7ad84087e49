// /api routes for newsletter. Placeholder: filled by its issue.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';

export const newsletterRoutes = (_deps: Deps) => new Hono<AppEnv>();
