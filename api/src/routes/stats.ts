// /api routes for stats. Placeholder: filled by its issue.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';

export const statsRoutes = (_deps: Deps) => new Hono<AppEnv>();
