CREATE TABLE `rate_limit_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bucket` text NOT NULL,
	`at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`pending` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_hits_bucket_idx` ON `rate_limit_hits` (`bucket`,`expires_at`);--> statement-breakpoint
CREATE INDEX `rate_limit_hits_expires_idx` ON `rate_limit_hits` (`expires_at`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `lease_owner` text;--> statement-breakpoint
ALTER TABLE `newsletter_deliveries` ADD `lease_owner` text;--> statement-breakpoint
ALTER TABLE `newsletter_deliveries` ADD `lease_until` integer;