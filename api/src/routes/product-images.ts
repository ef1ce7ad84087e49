// /api routes for product-images. Placeholder: filled by its issue.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';

export const productImagesRoutes = (_deps: Deps) => new Hono<AppEnv>();
