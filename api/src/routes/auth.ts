// /api routes for auth. Placeholder: filled by its issue.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';

export const authRoutes = (_deps: Deps) => new Hono<AppEnv>();
