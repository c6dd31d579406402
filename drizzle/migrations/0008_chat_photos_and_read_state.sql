CREATE TABLE `chat_photos` (
	`message_id` integer PRIMARY KEY NOT NULL,
	`object_key` text NOT NULL,
	`thumb_key` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`rejection_reason` text,
	`reviewed_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chat_photos_object_key_unique` ON `chat_photos` (`object_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `chat_photos_thumb_key_unique` ON `chat_photos` (`thumb_key`);--> statement-breakpoint
CREATE INDEX `chat_photos_pending` ON `chat_photos` (`created_at`) WHERE "chat_photos"."status" = 'pending';--> statement-breakpoint
ALTER TABLE `conversation_members` ADD `read_through_id` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `conversation_members` SET `read_through_id` = coalesce((SELECT max(`id`) FROM `messages` WHERE `messages`.`conversation_id` = `conversation_members`.`conversation_id`), 0) WHERE `unread_count` = 0;
