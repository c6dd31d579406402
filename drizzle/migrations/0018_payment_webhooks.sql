CREATE TABLE `payment_webhooks` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`provider_payment_id` text NOT NULL,
	`received_at` integer NOT NULL,
	`reported_status` text,
	`outcome` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payment_webhooks_order` ON `payment_webhooks` (`order_id`,`id`);