// The PostgreSQL tables: same export names, table names, column names and row types as ../../schema
// (schema-parity.test.ts fails when they drift apart).
export * from './auth.ts';
export * from './catalogue.ts';
export * from './mail.ts';
export * from './newsletter.ts';
export * from './meta.ts';
export * from './idempotency.ts';
export * from './limits.ts';
export * from './api-tokens.ts';
export * from './webhooks.ts';
