-- Issue 26: a once-only discount code is reserved by the order that uses it when the order starts
-- (consumed_at null), released when that order fails, and consumed when it is paid. Uses recorded
-- before this migration were all recorded at payment: they are consumed.
ALTER TABLE `discount_code_uses` ADD `consumed_at` integer;--> statement-breakpoint
UPDATE `discount_code_uses` SET `consumed_at` = `created_at`;--> statement-breakpoint
CREATE INDEX `discount_code_uses_order` ON `discount_code_uses` (`order_id`);--> statement-breakpoint
-- When the member last proved who they are in a session (sign-in or re-authentication): adding a
-- passkey or a push subscription, or changing the e-mail address, asks for it within 10 minutes.
ALTER TABLE `sessions` ADD `authenticated_at` integer;
