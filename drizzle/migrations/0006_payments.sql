CREATE TABLE `direct_debit_mandates` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`account_holder` text NOT NULL,
	`iban` text NOT NULL,
	`street` text NOT NULL,
	`house_number` text NOT NULL,
	`zip` text NOT NULL,
	`city` text NOT NULL,
	`phone` text NOT NULL,
	`status` text DEFAULT 'unverified' NOT NULL,
	`code_hash` text,
	`code_expires_at` integer,
	`code_attempts` integer DEFAULT 0 NOT NULL,
	`provider_customer_id` text,
	`provider_mandate_id` text,
	`verified_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `direct_debit_mandates_user_id_unique` ON `direct_debit_mandates` (`user_id`);--> statement-breakpoint
CREATE INDEX `direct_debit_mandates_iban` ON `direct_debit_mandates` (`iban`);--> statement-breakpoint
CREATE TABLE `sms_outbox` (
	`id` integer PRIMARY KEY NOT NULL,
	`site_id` integer NOT NULL,
	`user_id` integer,
	`to_number` text NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'recorded' NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sms_outbox_user` ON `sms_outbox` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `refunded_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `charged_back_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `credit_debt` integer DEFAULT 0 NOT NULL;