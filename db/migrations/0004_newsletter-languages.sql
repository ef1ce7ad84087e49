ALTER TABLE `newsletter_sendings` ADD `subject_en` text;--> statement-breakpoint
ALTER TABLE `newsletter_sendings` ADD `content_en` text;