CREATE TABLE `moderation_actions` (
	`id` integer PRIMARY KEY NOT NULL,
	`site_id` integer NOT NULL,
	`moderator_user_id` integer NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`action` text NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`moderator_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `moderation_actions_target` ON `moderation_actions` (`target_type`,`target_id`);--> statement-breakpoint
CREATE INDEX `moderation_actions_site` ON `moderation_actions` (`site_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `photos` ADD `rejection_reason` text;--> statement-breakpoint
ALTER TABLE `photos` ADD `reviewed_at` integer;