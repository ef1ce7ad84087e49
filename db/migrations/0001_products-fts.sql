-- Full-text index over listing texts: case- and accent-insensitive (unicode61 remove_diacritics 2),
-- external content so it stores no second copy; triggers keep it in sync with products.
CREATE VIRTUAL TABLE `products_fts` USING fts5(
  title_fr, title_en, description_fr, description_en, brand, model,
  content='products', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
INSERT INTO `products_fts`(rowid, title_fr, title_en, description_fr, description_en, brand, model)
  SELECT id, title_fr, title_en, description_fr, description_en, brand, model FROM `products`;
--> statement-breakpoint
CREATE TRIGGER `products_fts_ai` AFTER INSERT ON `products` BEGIN
  INSERT INTO `products_fts`(rowid, title_fr, title_en, description_fr, description_en, brand, model)
  VALUES (new.id, new.title_fr, new.title_en, new.description_fr, new.description_en, new.brand, new.model);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_ad` AFTER DELETE ON `products` BEGIN
  INSERT INTO `products_fts`(`products_fts`, rowid, title_fr, title_en, description_fr, description_en, brand, model)
  VALUES ('delete', old.id, old.title_fr, old.title_en, old.description_fr, old.description_en, old.brand, old.model);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_au` AFTER UPDATE ON `products` BEGIN
  INSERT INTO `products_fts`(`products_fts`, rowid, title_fr, title_en, description_fr, description_en, brand, model)
  VALUES ('delete', old.id, old.title_fr, old.title_en, old.description_fr, old.description_en, old.brand, old.model);
  INSERT INTO `products_fts`(rowid, title_fr, title_en, description_fr, description_en, brand, model)
  VALUES (new.id, new.title_fr, new.title_en, new.description_fr, new.description_en, new.brand, new.model);
END;
