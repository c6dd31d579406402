ALTER TABLE `complaints` ADD `conversation_id` integer REFERENCES conversations(id);--> statement-breakpoint
ALTER TABLE `messages` ADD `safety_flags` text;--> statement-breakpoint
CREATE INDEX `messages_flagged` ON `messages` (`conversation_id`,`id`) WHERE "messages"."safety_flags" IS NOT NULL;