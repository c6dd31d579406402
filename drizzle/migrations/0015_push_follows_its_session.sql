-- A browser's push subscription follows the session it was made in: when that session ends (logout,
-- password change, a ban, expiry), the signed-out browser gets no more pushes about the member.
ALTER TABLE `push_subscriptions` ADD `session_id` text REFERENCES sessions(id) ON DELETE CASCADE;--> statement-breakpoint
CREATE INDEX `push_subscriptions_session` ON `push_subscriptions` (`session_id`);--> statement-breakpoint
-- The reconciliation job reads the orders still waiting for their payment (ADR 045).
CREATE INDEX `orders_unsettled` ON `orders` (`created_at`) WHERE "orders"."status" IN ('open', 'pending');
