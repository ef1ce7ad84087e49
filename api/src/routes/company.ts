// GET /api/company: the company's public details from configuration (brand for reply subjects,
// phones and e-mails per language), so clients never hard-code the demo company.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { doc } from '../http/openapi-meta.ts';
import { z } from 'zod';

export const companyRoutes = ({ env }: Deps) =>
  new Hono<AppEnv>().get(
    '/company',
    doc({ summary: 'The company details shown on the site', responses: { 200: z.object({}).loose() } }),
    (c) => {
      const { name, brand, phone, email, messaging, address } = env.company;
      c.header('Cache-Control', 'public, max-age=300');
      return c.json({ name, brand, phone, email, messaging, address });
    },
  );
