ALTER TABLE `complaints` ADD `conversation_id` integer REFERENCES conversations(id);--> statement-breakpoint
ALTER TABLE `messages` ADD `safety_flags` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `held` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `messages_flagged` ON `messages` (`conversation_id`,`id`) WHERE "messages"."safety_flags" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `messages_sender_recent` ON `messages` (`sender_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_held` ON `messages` (`sender_id`,`id`) WHERE "messages"."held" = 1;--> statement-breakpoint
ALTER TABLE `photos` ADD `fingerprint` text;--> statement-breakpoint
ALTER TABLE `photos` ADD `duplicate_of_profile_id` integer REFERENCES profiles(id);--> statement-breakpoint
CREATE INDEX `photos_banned_fingerprints` ON `photos` (`fingerprint`) WHERE "photos"."status" = 'rejected' AND "photos"."rejection_reason" IN ('stolen', 'scam', 'illegal');--> statement-breakpoint
CREATE INDEX `photos_fingerprint_band_1` ON `photos` (substr(`fingerprint`, 1, 4));--> statement-breakpoint
CREATE INDEX `photos_fingerprint_band_2` ON `photos` (substr(`fingerprint`, 5, 4));--> statement-breakpoint
CREATE INDEX `photos_fingerprint_band_3` ON `photos` (substr(`fingerprint`, 9, 4));--> statement-breakpoint
CREATE INDEX `photos_fingerprint_band_4` ON `photos` (substr(`fingerprint`, 13, 4));--> statement-breakpoint
ALTER TABLE `users` ADD `messages_held_at` integer;