ALTER TABLE `product_documents` ADD `title_en` text;--> statement-breakpoint
ALTER TABLE `products` ADD `specifications_en` text DEFAULT '{}' NOT NULL;