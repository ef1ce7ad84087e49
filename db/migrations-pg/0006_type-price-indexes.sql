-- One kind of listing (type = …) by price, both ways, read in order from an index (docs/decisions/084,
-- Plans at 100k). Through the catalogue-wide price indexes, a search among generators by price walked
-- the cheap listings of every other kind first (39,000 rows for 12 at 100,000: 91 ms). PostgreSQL only:
-- SQLite's search keeps its planner off type (`+type`, search-sql.ts) and walks the price index, so these
-- would never serve it; like the name-sort indexes, they are not in the drizzle schema.
CREATE INDEX "products_type_price_asc_idx" ON "products" ("type", ("price" is null or "price" <= 0) NULLS FIRST, "price" NULLS FIRST, "id");
--> statement-breakpoint
CREATE INDEX "products_type_price_desc_idx" ON "products" ("type", ("price" > 0) NULLS FIRST, "price" NULLS FIRST, "id");
