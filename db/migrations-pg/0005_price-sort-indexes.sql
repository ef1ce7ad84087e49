DROP INDEX "products_price_asc_idx";--> statement-breakpoint
DROP INDEX "products_price_desc_idx";--> statement-breakpoint
CREATE INDEX "products_price_asc_idx" ON "products" USING btree (("price" is null or "price" <= 0) nulls first,"price" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_price_desc_idx" ON "products" USING btree (("price" > 0) nulls first,"price" NULLS FIRST,"id");