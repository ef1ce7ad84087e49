-- Listing search on PostgreSQL, the counterpart of SQLite's products_fts (migrations/0001): case- and
-- accent-insensitive prefix matching over both titles, both descriptions, brand and model
-- (docs/decisions/084). What drizzle-kit cannot declare: an extension, immutable wrappers, a generated
-- tsvector column and expression indexes on those functions.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); generated columns and indexes need IMMUTABLE.
-- The two-argument form names the dictionary, so the result does not depend on search_path.
CREATE OR REPLACE FUNCTION app_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(public.unaccent('public.unaccent'::regdictionary, value));
--> statement-breakpoint
-- The words FTS5's unicode61 tokenizer would see: runs of letters and digits, folded. Everything else
-- becomes a space so that PostgreSQL's parser cannot keep "3.5", "d6-330" or an e-mail as one token.
CREATE OR REPLACE FUNCTION app_search_words(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN regexp_replace(coalesce(app_fold(value), ''), '[^[:alnum:]]+', ' ', 'g');
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  to_tsvector('simple'::regconfig,
    app_search_words("title_fr") || ' ' || app_search_words("title_en") || ' ' ||
    app_search_words("description_fr") || ' ' || app_search_words("description_en") || ' ' ||
    app_search_words("brand") || ' ' || app_search_words("model"))
) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");
--> statement-breakpoint
-- The name sort compares folded titles byte by byte, as SQLite's fold() under BINARY does.
CREATE INDEX "products_name_fr_idx" ON "products" ((app_fold("title_fr")) COLLATE "C", "id");
--> statement-breakpoint
CREATE INDEX "products_name_en_idx" ON "products" ((app_fold("title_en")) COLLATE "C", "id");
