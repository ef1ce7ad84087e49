// The two schemas stay in step: every SQLite table has a PostgreSQL twin with the same name, columns,
// nullability, defaults, keys and indexes, and the same row types (docs/decisions/084).
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as sqlite from '../schema/index.ts';
import * as pg from './schema/index.ts';

const sqliteTables = Object.entries(sqlite).filter(([, v]) => v instanceof SQLiteTable) as [string, SQLiteTable][];
const pgTables = Object.entries(pg).filter(([, v]) => v instanceof PgTable) as [string, PgTable][];

type Shape = {
  name: string;
  columns: Record<string, { notNull: boolean; hasDefault: boolean; primary: boolean; unique: boolean }>;
  primaryKeys: string[][];
  foreignKeys: string[];
  indexes: string[];
};

function shape(config: ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>): Shape {
  const columns = Object.fromEntries(
    config.columns.map((c) => [c.name, { notNull: c.notNull, hasDefault: c.hasDefault, primary: c.primary, unique: c.isUnique }]),
  );
  return {
    name: config.name,
    columns,
    primaryKeys: config.primaryKeys.map((k) => k.columns.map((c) => c.name)),
    foreignKeys: config.foreignKeys.map((fk) => {
      const ref = fk.reference();
      return `${ref.columns.map((c) => c.name).join(',')} → ${(ref.foreignTable as unknown as { [k: symbol]: string })[Symbol.for('drizzle:Name')]}(${ref.foreignColumns.map((c) => c.name).join(',')}) on delete ${fk.onDelete ?? 'no action'}`;
    }),
    indexes: config.indexes.map((i) => `${i.config.name}${i.config.unique ? ' unique' : ''}`).sort(),
  };
}

describe('PostgreSQL schema mirrors the SQLite schema', () => {
  it('exports the same tables under the same names, plus the same helpers', () => {
    expect(pgTables.map(([k]) => k).sort()).toEqual(sqliteTables.map(([k]) => k).sort());
    expect(Object.keys(pg).sort()).toEqual(Object.keys(sqlite).sort());
  });

  for (const [name, table] of sqliteTables) {
    it(`${name}: same table name, columns, nullability, defaults, keys and indexes`, () => {
      const twin = (pg as unknown as Record<string, PgTable>)[name]!;
      expect(shape(pgConfig(twin))).toEqual(shape(sqliteConfig(table)));
    });
  }

  it('gives every table the same row types for reads and writes', () => {
    type Same<K extends keyof typeof pg & keyof typeof sqlite> = [(typeof pg)[K], (typeof sqlite)[K]];
    const check = <K extends keyof typeof pg & keyof typeof sqlite>() => ({
      select: expectTypeOf<Same<K>[0] extends { $inferSelect: infer S } ? S : never>(),
      insert: expectTypeOf<Same<K>[0] extends { $inferInsert: infer I } ? I : never>(),
    });
    check<'users'>().select.toEqualTypeOf<typeof sqlite.users.$inferSelect>();
    check<'users'>().insert.toEqualTypeOf<typeof sqlite.users.$inferInsert>();
    check<'authSessions'>().select.toEqualTypeOf<typeof sqlite.authSessions.$inferSelect>();
    check<'authSessions'>().insert.toEqualTypeOf<typeof sqlite.authSessions.$inferInsert>();
    check<'accessTokens'>().select.toEqualTypeOf<typeof sqlite.accessTokens.$inferSelect>();
    check<'accessTokens'>().insert.toEqualTypeOf<typeof sqlite.accessTokens.$inferInsert>();
    check<'refreshTokens'>().select.toEqualTypeOf<typeof sqlite.refreshTokens.$inferSelect>();
    check<'refreshTokens'>().insert.toEqualTypeOf<typeof sqlite.refreshTokens.$inferInsert>();
    check<'products'>().select.toEqualTypeOf<typeof sqlite.products.$inferSelect>();
    check<'products'>().insert.toEqualTypeOf<typeof sqlite.products.$inferInsert>();
    check<'productImages'>().select.toEqualTypeOf<typeof sqlite.productImages.$inferSelect>();
    check<'productImages'>().insert.toEqualTypeOf<typeof sqlite.productImages.$inferInsert>();
    check<'productDocuments'>().select.toEqualTypeOf<typeof sqlite.productDocuments.$inferSelect>();
    check<'productDocuments'>().insert.toEqualTypeOf<typeof sqlite.productDocuments.$inferInsert>();
    check<'technicalDocuments'>().select.toEqualTypeOf<typeof sqlite.technicalDocuments.$inferSelect>();
    check<'technicalDocuments'>().insert.toEqualTypeOf<typeof sqlite.technicalDocuments.$inferInsert>();
    check<'inquiries'>().select.toEqualTypeOf<typeof sqlite.inquiries.$inferSelect>();
    check<'inquiries'>().insert.toEqualTypeOf<typeof sqlite.inquiries.$inferInsert>();
    check<'smtpAccounts'>().select.toEqualTypeOf<typeof sqlite.smtpAccounts.$inferSelect>();
    check<'smtpAccounts'>().insert.toEqualTypeOf<typeof sqlite.smtpAccounts.$inferInsert>();
    check<'smtpSettings'>().select.toEqualTypeOf<typeof sqlite.smtpSettings.$inferSelect>();
    check<'smtpSettings'>().insert.toEqualTypeOf<typeof sqlite.smtpSettings.$inferInsert>();
    check<'emailResponses'>().select.toEqualTypeOf<typeof sqlite.emailResponses.$inferSelect>();
    check<'emailResponses'>().insert.toEqualTypeOf<typeof sqlite.emailResponses.$inferInsert>();
    check<'mailOutbox'>().select.toEqualTypeOf<typeof sqlite.mailOutbox.$inferSelect>();
    check<'mailOutbox'>().insert.toEqualTypeOf<typeof sqlite.mailOutbox.$inferInsert>();
    check<'newsletterSubscribers'>().select.toEqualTypeOf<typeof sqlite.newsletterSubscribers.$inferSelect>();
    check<'newsletterSubscribers'>().insert.toEqualTypeOf<typeof sqlite.newsletterSubscribers.$inferInsert>();
    check<'newsletterSendings'>().select.toEqualTypeOf<typeof sqlite.newsletterSendings.$inferSelect>();
    check<'newsletterSendings'>().insert.toEqualTypeOf<typeof sqlite.newsletterSendings.$inferInsert>();
    check<'newsletterDeliveries'>().select.toEqualTypeOf<typeof sqlite.newsletterDeliveries.$inferSelect>();
    check<'newsletterDeliveries'>().insert.toEqualTypeOf<typeof sqlite.newsletterDeliveries.$inferInsert>();
    check<'appMeta'>().select.toEqualTypeOf<typeof sqlite.appMeta.$inferSelect>();
    check<'appMeta'>().insert.toEqualTypeOf<typeof sqlite.appMeta.$inferInsert>();
    check<'idempotencyKeys'>().select.toEqualTypeOf<typeof sqlite.idempotencyKeys.$inferSelect>();
    check<'idempotencyKeys'>().insert.toEqualTypeOf<typeof sqlite.idempotencyKeys.$inferInsert>();
    check<'rateLimitHits'>().select.toEqualTypeOf<typeof sqlite.rateLimitHits.$inferSelect>();
    check<'rateLimitHits'>().insert.toEqualTypeOf<typeof sqlite.rateLimitHits.$inferInsert>();
  });
});
