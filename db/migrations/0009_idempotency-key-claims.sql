ALTER TABLE `idempotency_keys` ADD `claim` text;--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `lease_until` integer;