CREATE TABLE `rate_limit_events` (
	`id` integer PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_events_key` ON `rate_limit_events` (`key`,`created_at`);