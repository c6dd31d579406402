DROP INDEX `profiles_search`;--> statement-breakpoint
DROP INDEX `profiles_search_region`;--> statement-breakpoint
ALTER TABLE `profiles` ADD `has_photo` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `profiles` SET `has_photo` = EXISTS (SELECT 1 FROM `photos` WHERE `photos`.`id` = `profiles`.`main_photo_id` AND `photos`.`status` = 'active' AND `photos`.`private` = 0);--> statement-breakpoint
CREATE INDEX `profiles_search` ON `profiles` (`site_id`,`gender`,`country`,`has_photo`,`id`,`birth_date`,`region_id`) WHERE "profiles"."status" = 'active';--> statement-breakpoint
CREATE INDEX `profiles_search_region` ON `profiles` (`site_id`,`gender`,`region_id`,`has_photo`,`id`,`birth_date`) WHERE "profiles"."status" = 'active';