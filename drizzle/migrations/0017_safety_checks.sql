ALTER TABLE `complaints` ADD `conversation_id` integer REFERENCES conversations(id);--> statement-breakpoint
ALTER TABLE `messages` ADD `safety_flags` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `held` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `messages_flagged` ON `messages` (`conversation_id`,`id`) WHERE "messages"."safety_flags" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `messages_sender_recent` ON `messages` (`sender_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_held` ON `messages` (`sender_id`,`id`) WHERE "messages"."held" = 1;--> statement-breakpoint
ALTER TABLE `users` ADD `messages_held_at` integer;