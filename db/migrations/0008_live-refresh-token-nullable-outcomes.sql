PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_idempotency_keys` (
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text,
	`status` integer,
	`headers` text,
	`body` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`scope`, `key`)
);
--> statement-breakpoint
INSERT INTO `__new_idempotency_keys`("scope", "key", "fingerprint", "status", "headers", "body", "created_at") SELECT "scope", "key", "fingerprint", "status", "headers", "body", "created_at" FROM `idempotency_keys`;--> statement-breakpoint
DROP TABLE `idempotency_keys`;--> statement-breakpoint
ALTER TABLE `__new_idempotency_keys` RENAME TO `idempotency_keys`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
ALTER TABLE `access_tokens` ADD `refresh_token_hash` text;--> statement-breakpoint
ALTER TABLE `auth_sessions` ADD `refresh_token_hash` text;--> statement-breakpoint
ALTER TABLE `refresh_tokens` ADD `parent_hash` text;