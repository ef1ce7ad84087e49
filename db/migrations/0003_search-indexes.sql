CREATE INDEX `products_brand_nocase_idx` ON `products` ("brand" collate nocase);--> statement-breakpoint
CREATE INDEX `products_price_asc_idx` ON `products` (("price" is null or "price" <= 0),`price`);--> statement-breakpoint
CREATE INDEX `products_price_desc_idx` ON `products` (("price" > 0),`price`);--> statement-breakpoint
CREATE INDEX `products_facets_idx` ON `products` (`brand`,`condition`,`type`,`category`,`featured`,`price`,`power_kw`);--> statement-breakpoint
CREATE INDEX `products_updated_idx` ON `products` (`updated_at`);