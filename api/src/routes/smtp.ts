// /api/smtp: outgoing mail accounts (password encrypted at rest, never returned), connection tests
// guarded against SSRF, and the usage assignments (which account sends what, to whom).
import { Hono, type Context } from 'hono';
import {
  IdParamSchema,
  SmtpAccountCreateSchema,
  SmtpAccountUpdateSchema,
  SmtpSettingInputSchema,
  SmtpTestConfigSchema,
  USAGE_LABELS,
  USAGE_TYPES,
  UsageTypeSchema,
} from '@app/domain/mail';
import { z } from 'zod';
import type { AppEnv, Deps } from '../context.ts';
import { ApiError, localized } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { accountConfig, testConnection } from '../services/mailer.ts';
import {
  assignUsage,
  createAccount,
  deleteAccount,
  findAccount,
  listAccounts,
  listUsageSettings,
  removeUsage,
  toAccount,
  updateAccount,
} from '../services/smtp-accounts.ts';
import { createRateLimiter } from '../services/shared-limits.ts';
import { doc } from '../http/openapi-meta.ts';
import { respondOnce } from '../http/commit-once.ts';
import * as A from './answers.ts';
import { mailMessages } from '@app/domain/api-messages';

const UsageParamSchema = z.object({ usageType: UsageTypeSchema });

/** A connection test's { success, message } with the message in the client's language. */
const testAnswer = (c: Context, result: { success: boolean; message: string }) => ({ ...result, message: localized(c, result.message) });

export const smtpRoutes = (deps: Deps) => {
  const { db } = deps;
  // Each test opens a connection somewhere: a signed-in admin still cannot use it as a port scanner.
  const tests = createRateLimiter(db, 'smtp-test', { limit: 20, windowMs: 60_000 });
  const guardTests = async (userId: number) => {
    if (!(await tests.hit(String(userId)))) throw new ApiError(429, mailMessages.tooManyTests);
  };

  return new Hono<AppEnv>()
    .use('/smtp/*', requireAdmin(deps))
    .get(
      '/smtp/accounts',
      doc({
        summary: 'Outgoing mail accounts (never their password)',
        responses: { 200: z.object({ accounts: z.array(A.SmtpAccountAnswer) }) },
      }),
      async (c) => c.json({ accounts: await listAccounts(deps) }),
    )
    .post(
      '/smtp/accounts',
      doc({ summary: 'Create an account (password encrypted at rest)', responses: { 201: A.SmtpAccountAnswer } }),
      validate('json', SmtpAccountCreateSchema),
      (c) => respondOnce(c, db, 201, (q) => createAccount(deps, q, c.req.valid('json'))),
    )
    .get(
      '/smtp/accounts/:id',
      doc({ summary: 'One account', responses: { 200: A.SmtpAccountAnswer } }),
      validate('param', IdParamSchema),
      async (c) => c.json(toAccount(await findAccount(deps, c.req.valid('param').id))),
    )
    .put(
      '/smtp/accounts/:id',
      doc({ summary: 'Update an account (any subset; an empty password keeps the stored one)', responses: { 200: A.SmtpAccountAnswer } }),
      validate('param', IdParamSchema),
      validate('json', SmtpAccountUpdateSchema),
      async (c) => c.json(await updateAccount(deps, c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete(
      '/smtp/accounts/:id',
      doc({ summary: 'Delete an account', responses: { 200: A.Success } }),
      validate('param', IdParamSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        await findAccount(deps, id);
        return respondOnce(c, db, 200, async (q) => {
          await deleteAccount(q, id);
          return { success: true };
        });
      },
    )
    .post(
      '/smtp/accounts/:id/test',
      doc({
        summary: 'Test a saved account (connection and login)',
        responses: { 200: A.SmtpTestAnswer },
        errors: { 429: 'Too many connection tests' },
      }),
      validate('param', IdParamSchema),
      async (c) => {
        const account = await findAccount(deps, c.req.valid('param').id);
        return c.json(testAnswer(c, await testConnection(deps, accountConfig(deps, account), () => guardTests(c.get('user').id))));
      },
    )
    .post(
      '/smtp/test-config',
      doc({ summary: 'Test an unsaved configuration', responses: { 200: A.SmtpTestAnswer }, errors: { 429: 'Too many connection tests' } }),
      validate('json', SmtpTestConfigSchema),
      async (c) => {
        const { host, port, secure, user, password } = c.req.valid('json');
        return c.json(
          testAnswer(c, await testConnection(deps, { host, port, secure, user, password }, () => guardTests(c.get('user').id))),
        );
      },
    )
    .get('/smtp/settings/usages', doc({ summary: 'The usages an account can be assigned to', responses: { 200: A.UsagesAnswer } }), (c) =>
      c.json({ usages: USAGE_TYPES.map((usageType) => ({ usageType, ...USAGE_LABELS[usageType] })) }),
    )
    .get(
      '/smtp/settings',
      doc({
        summary: 'Which account and recipient each usage has',
        responses: { 200: z.object({ settings: z.array(A.SmtpSettingAnswer) }) },
      }),
      async (c) => c.json({ settings: await listUsageSettings(deps) }),
    )
    .put(
      '/smtp/settings/:usageType',
      doc({
        summary: 'Assign an account and/or recipient to a usage',
        responses: { 200: A.SmtpSettingAnswer },
        errors: { 404: 'No such SMTP account' },
      }),
      validate('param', UsageParamSchema),
      validate('json', SmtpSettingInputSchema),
      async (c) => c.json(await assignUsage(deps, c.req.valid('param').usageType, c.req.valid('json'))),
    )
    .delete(
      '/smtp/settings/:usageType',
      doc({ summary: 'Remove the assignment of a usage', responses: { 200: A.Success } }),
      validate('param', UsageParamSchema),
      (c) =>
        respondOnce(c, db, 200, async (q) => {
          await removeUsage(q, c.req.valid('param').usageType);
          return { success: true };
        }),
    );
};
