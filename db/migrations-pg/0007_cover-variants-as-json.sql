-- An image's variants as json instead of jsonb (docs/decisions/107): a listings page reads its twelve covers'
-- variants as text, and PostgreSQL wrote jsonb out anew at every read (~30 µs of the page's statement),
-- where json is the text as it was stored. Nothing queries inside the variants.
ALTER TABLE "product_images" ALTER COLUMN "variants" SET DATA TYPE json USING "variants"::json;
