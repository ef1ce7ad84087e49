-- Facet counts are counted when read, per catalogue version (app_meta 'data_version'), and no longer kept
-- up to date by listing writes (issue 33, docs/decisions/107): the per-writer change counters of 0004,
-- their triggers and the rows they left in app_meta go.
DROP TRIGGER IF EXISTS products_inserted ON products;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_updated ON products;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_deleted ON products;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_truncated ON products;
--> statement-breakpoint
DROP FUNCTION IF EXISTS app_note_catalogue_change();
--> statement-breakpoint
DROP FUNCTION IF EXISTS app_instance();
--> statement-breakpoint
DELETE FROM app_meta WHERE key LIKE 'catalogue_changes:%';
