// zod validation for Hono routes that answers { error } naming the first bad field (400).
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';

export function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.');
  // Messages written for users (the spec's French texts) are kept as they are.
  if (issue.code === 'custom' || !field) return issue.message;
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${field}: champ requis`;
  return `${field}: ${issue.message}`;
}

export const validate = <T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const first = result.error.issues[0];
      return c.json({ error: first ? describeIssue(first) : 'Requête invalide' }, 400);
    }
  });
