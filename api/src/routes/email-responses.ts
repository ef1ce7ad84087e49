// /api routes for email-responses. Placeholder: filled by its issue.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';

export const emailResponsesRoutes = (_deps: Deps) => new Hono<AppEnv>();
