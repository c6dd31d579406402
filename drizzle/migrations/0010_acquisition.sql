CREATE TABLE `landing_visits` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` integer NOT NULL,
	`page` text NOT NULL,
	`slug` text,
	`network` text,
	`user_id` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `landing_visits_site` ON `landing_visits` (`site_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `landing_visits_user` ON `landing_visits` (`user_id`);--> statement-breakpoint
CREATE TABLE `page_events` (
	`id` integer PRIMARY KEY NOT NULL,
	`site_id` integer NOT NULL,
	`kind` text NOT NULL,
	`page` text NOT NULL,
	`network` text,
	`visit_id` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `page_events_site` ON `page_events` (`site_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `page_events_visit` ON `page_events` (`visit_id`);--> statement-breakpoint
CREATE TABLE `short_link_clicks` (
	`id` integer PRIMARY KEY NOT NULL,
	`link_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`link_id`) REFERENCES `short_links`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `short_link_clicks_link` ON `short_link_clicks` (`link_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `short_links` (
	`id` integer PRIMARY KEY NOT NULL,
	`site_id` integer NOT NULL,
	`token` text NOT NULL,
	`target` text NOT NULL,
	`label` text,
	`expires_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `short_links_site_token` ON `short_links` (`site_id`,`token`);