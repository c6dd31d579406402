-- The operator console (ADR 054): its audit trail with the values before and after each change, and
-- the admin step-up of a session (a passkey or a 6-digit code by e-mail). users.role gains `admin`
-- (a text column without a CHECK: no statement needed).
CREATE TABLE `admin_audit` (
	`id` integer PRIMARY KEY NOT NULL,
	`actor_user_id` integer NOT NULL,
	`site_id` integer,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`action` text NOT NULL,
	`reason` text,
	`before` text,
	`after` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `admin_audit_created` ON `admin_audit` (`created_at`);--> statement-breakpoint
CREATE INDEX `admin_audit_target` ON `admin_audit` (`target_type`,`target_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `admin_audit_actor` ON `admin_audit` (`actor_user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `step_up_at` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `step_up_code_hash` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `step_up_code_expires_at` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `step_up_code_tries` integer DEFAULT 0 NOT NULL;