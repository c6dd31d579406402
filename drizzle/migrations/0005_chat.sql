DROP INDEX `conversations_pair`;--> statement-breakpoint
CREATE INDEX `conversations_starter` ON `conversations` (`starter_id`);--> statement-breakpoint
-- drizzle-kit writes expression indexes wrongly; this line is hand-written.
CREATE UNIQUE INDEX `conversations_pair` ON `conversations` (min(`starter_id`, `recipient_id`), max(`starter_id`, `recipient_id`));--> statement-breakpoint
ALTER TABLE `conversation_members` ADD `cleared_through_id` integer DEFAULT 0 NOT NULL;
