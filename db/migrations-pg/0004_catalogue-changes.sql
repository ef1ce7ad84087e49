-- Which instance changed the catalogue (docs/decisions/087). Each instance keeps its cached facet counts
-- up to date with its own listing writes, and must count again only when someone else changed listings:
-- another instance, a seed script, psql, a restore. Every statement on products bumps the counter row of
-- the writer in app_meta ('catalogue_changes:<app.instance>', set on every connection of the app's pools;
-- 'catalogue_changes:unnamed' for any other client), in the writer's transaction, so a rollback undoes it.
-- An instance's marker is the sum of the other rows, which moves at every commit of someone else, in
-- whatever order their transactions commit.
CREATE OR REPLACE FUNCTION app_instance() RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  RETURN coalesce(nullif(current_setting('app.instance', true), ''), 'unnamed');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_note_catalogue_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO app_meta (key, value) VALUES ('catalogue_changes:' || app_instance(), '1')
    ON CONFLICT (key) DO UPDATE SET value = (app_meta.value::bigint + 1)::text, updated_at = now();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_changes AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION app_note_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER products_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION app_note_catalogue_change();
