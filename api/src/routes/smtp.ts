// /api routes for smtp. Placeholder: filled by its issue.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';

export const smtpRoutes = (_deps: Deps) => new Hono<AppEnv>();
