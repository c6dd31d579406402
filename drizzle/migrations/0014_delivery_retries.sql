CREATE TABLE `push_retries` (
	`id` integer PRIMARY KEY NOT NULL,
	`subscription_id` integer NOT NULL,
	`tag` text NOT NULL,
	`payload` text NOT NULL,
	`attempts` integer DEFAULT 1 NOT NULL,
	`last_error` text,
	`send_after` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `push_subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_retries_topic` ON `push_retries` (`subscription_id`,`tag`);--> statement-breakpoint
CREATE INDEX `push_retries_due` ON `push_retries` (`send_after`);--> statement-breakpoint
DROP INDEX `mail_outbox_queue`;--> statement-breakpoint
CREATE INDEX `mail_outbox_due` ON `mail_outbox` (`send_after`) WHERE "mail_outbox"."status" in ('queued', 'failed');--> statement-breakpoint
-- Backfill (ADR 042): mails the old five-attempt rule left failed, and mails stuck queued, that are
-- more than a day old are given up now rather than by the first cron run (one log line each).
UPDATE `mail_outbox` SET `status` = 'given_up', `last_error` = 'not delivered within a day: ' || coalesce(`last_error`, 'no attempt finished') WHERE `status` IN ('queued', 'failed') AND `created_at` < unixepoch() - 86400;
