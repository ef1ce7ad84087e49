-- Which instance changed the catalogue (docs/decisions/087). Each instance keeps its cached facet counts
-- up to date with its own listing writes, and must count again only when someone else changed listings:
-- another instance, a seed script, psql, a restore. Every statement that changed rows of products bumps the counter row of
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
  -- A statement that touched no listing (an update refused by its version check, a delete of nothing)
  -- changed nothing: other instances keep their counts. TRUNCATE has no transition table to look at.
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT 1 FROM changed) THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO app_meta (key, value) VALUES ('catalogue_changes:' || app_instance(), '1')
    ON CONFLICT (key) DO UPDATE SET value = (app_meta.value::bigint + 1)::text, updated_at = now();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_inserted AFTER INSERT ON products REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION app_note_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER products_updated AFTER UPDATE ON products REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION app_note_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER products_deleted AFTER DELETE ON products REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION app_note_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER products_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION app_note_catalogue_change();
