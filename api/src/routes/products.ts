// /api routes for products. Placeholder: filled by its issue.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';

export const productsRoutes = (_deps: Deps) => new Hono<AppEnv>();
