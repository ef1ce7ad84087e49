// /api/smtp: outgoing mail accounts (password encrypted at rest, never returned), connection tests
// guarded against SSRF, and the usage assignments (which account sends what, to whom).
import { asc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { schema, first } from '@app/db';
import {
  IdParamSchema,
  SmtpAccountCreateSchema,
  SmtpAccountUpdateSchema,
  SmtpSettingInputSchema,
  SmtpTestConfigSchema,
  USAGE_LABELS,
  USAGE_TYPES,
  UsageTypeSchema,
  usageState,
  type SmtpAccount,
  type SmtpSetting,
  type UsageType,
} from '@app/domain/mail';
import { z } from 'zod';
import type { AppEnv, Deps } from '../context.ts';
import { ApiError, localized } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { mailCrypto } from '../services/mail-crypto.ts';
import { accountConfig, testConnection, type AccountRow } from '../services/mailer.ts';
import { createRateLimiter } from '../services/shared-limits.ts';
import { doc } from '../http/openapi-meta.ts';
import { respondOnce } from '../http/commit-once.ts';
import * as A from './answers.ts';
import { mailMessages, notFoundMessages } from '@app/domain/api-messages';

/** Every field but the password: the one shape any endpoint returns for an account. */
export const toAccount = (r: AccountRow): SmtpAccount => ({
  id: r.id,
  name: r.name,
  host: r.host,
  port: r.port,
  secure: r.secure,
  user: r.user,
  fromName: r.fromName,
  fromEmail: r.fromEmail,
  isActive: r.isActive,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const UsageParamSchema = z.object({ usageType: UsageTypeSchema });

/** A connection test's { success, message } with the message in the client's language. */
const testAnswer = (c: Context, result: { success: boolean; message: string }) => ({ ...result, message: localized(c, result.message) });

export const smtpRoutes = (deps: Deps) => {
  const { db, env } = deps;
  const a = schema.smtpAccounts;
  const st = schema.smtpSettings;
  const crypto = () => mailCrypto(env);
  // Each test opens a connection somewhere: a signed-in admin still cannot use it as a port scanner.
  const tests = createRateLimiter(db, 'smtp-test', { limit: 20, windowMs: 60_000 });
  const guardTests = async (userId: number) => {
    if (!(await tests.hit(String(userId)))) throw new ApiError(429, mailMessages.tooManyTests);
  };
  const findAccount = async (id: number) => {
    const row = await first(db.select().from(a).where(eq(a.id, id)));
    if (!row) throw new ApiError(404, notFoundMessages.smtpAccount);
    return row;
  };
  const settingOf = (r: typeof st.$inferSelect): SmtpSetting => ({
    usageType: r.usageType as UsageType,
    smtpAccountId: r.smtpAccountId,
    recipientEmail: r.recipientEmail,
    state: usageState(r.usageType as UsageType, r.smtpAccountId, r.recipientEmail),
    updatedAt: r.updatedAt.toISOString(),
  });

  return new Hono<AppEnv>()
    .use('/smtp/*', requireAdmin(deps))
    .get(
      '/smtp/accounts',
      doc({
        summary: 'Outgoing mail accounts (never their password)',
        responses: { 200: z.object({ accounts: z.array(A.SmtpAccountAnswer) }) },
      }),
      async (c) => c.json({ accounts: (await db.select().from(a).orderBy(asc(a.id))).map(toAccount) }),
    )
    .post(
      '/smtp/accounts',
      doc({ summary: 'Create an account (password encrypted at rest)', responses: { 201: A.SmtpAccountAnswer } }),
      validate('json', SmtpAccountCreateSchema),
      (c) => {
        const { password, ...fields } = c.req.valid('json');
        return respondOnce(c, db, 201, async () => {
          const row = (
            await db
              .insert(a)
              .values({ ...fields, passwordEncrypted: crypto().encrypt(password) })
              .returning()
          )[0]!;
          deps.log.info('smtp account created', { id: row.id });
          return toAccount(row);
        });
      },
    )
    .get(
      '/smtp/accounts/:id',
      doc({ summary: 'One account', responses: { 200: A.SmtpAccountAnswer } }),
      validate('param', IdParamSchema),
      async (c) => c.json(toAccount(await findAccount(c.req.valid('param').id))),
    )
    .put(
      '/smtp/accounts/:id',
      doc({ summary: 'Update an account (any subset; an empty password keeps the stored one)', responses: { 200: A.SmtpAccountAnswer } }),
      validate('param', IdParamSchema),
      validate('json', SmtpAccountUpdateSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        await findAccount(id);
        const { password, ...fields } = c.req.valid('json');
        const changes: Partial<typeof a.$inferInsert> = { ...fields, updatedAt: new Date() };
        // An empty password means "keep the current one" (back-office section 5).
        if (password) changes.passwordEncrypted = crypto().encrypt(password);
        const row = (await db.update(a).set(changes).where(eq(a.id, id)).returning())[0];
        if (!row) throw new ApiError(404, notFoundMessages.smtpAccount);
        return c.json(toAccount(row));
      },
    )
    .delete(
      '/smtp/accounts/:id',
      doc({ summary: 'Delete an account', responses: { 200: A.Success } }),
      validate('param', IdParamSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        await findAccount(id);
        return respondOnce(c, db, 200, async () => {
          await db.delete(a).where(eq(a.id, id));
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
        const account = await findAccount(c.req.valid('param').id);
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
      async (c) => c.json({ settings: (await db.select().from(st).orderBy(asc(st.usageType))).map(settingOf) }),
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
      async (c) => {
        const { usageType } = c.req.valid('param');
        const input = c.req.valid('json');
        if (input.smtpAccountId) await findAccount(input.smtpAccountId);
        const values = {
          ...(input.smtpAccountId !== undefined ? { smtpAccountId: input.smtpAccountId } : {}),
          ...(input.recipientEmail !== undefined ? { recipientEmail: input.recipientEmail || null } : {}),
          updatedAt: new Date(),
        };
        const row = (
          await db
            .insert(st)
            .values({ usageType, ...values })
            .onConflictDoUpdate({ target: st.usageType, set: values })
            .returning()
        )[0]!;
        return c.json(settingOf(row));
      },
    )
    .delete(
      '/smtp/settings/:usageType',
      doc({ summary: 'Remove the assignment of a usage', responses: { 200: A.Success } }),
      validate('param', UsageParamSchema),
      (c) =>
        respondOnce(c, db, 200, async () => {
          const deleted = await db
            .delete(st)
            .where(eq(st.usageType, c.req.valid('param').usageType))
            .returning();
          if (!deleted.length) throw new ApiError(404, notFoundMessages.smtpSetting);
          return { success: true };
        }),
    );
};
