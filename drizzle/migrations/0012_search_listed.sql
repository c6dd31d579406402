-- ADR 037: profiles.listed says whether the member's account lets others find the profile (e-mail
-- address confirmed, invisible mode off). The database keeps it with the triggers below, so member
-- search counts and lists from its indexes without reading each member's account row.
DROP INDEX `profiles_search`;--> statement-breakpoint
DROP INDEX `profiles_search_region`;--> statement-breakpoint
ALTER TABLE `profiles` ADD `listed` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `profiles` SET `listed` = EXISTS (SELECT 1 FROM `users` WHERE `users`.`id` = `profiles`.`user_id` AND `users`.`status` = 'confirmed' AND `users`.`invisible` = 0);--> statement-breakpoint
CREATE TRIGGER `profiles_listed_on_insert` AFTER INSERT ON `profiles` BEGIN
  UPDATE `profiles` SET `listed` = EXISTS (SELECT 1 FROM `users` WHERE `users`.`id` = NEW.`user_id` AND `users`.`status` = 'confirmed' AND `users`.`invisible` = 0) WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `users_listed_on_update` AFTER UPDATE OF `status`, `invisible` ON `users` BEGIN
  UPDATE `profiles` SET `listed` = (NEW.`status` = 'confirmed' AND NEW.`invisible` = 0) WHERE `user_id` = NEW.`id`;
END;--> statement-breakpoint
CREATE INDEX `profiles_search` ON `profiles` (`site_id`,`gender`,`country`,`has_photo`,`id`,`birth_date`,`region_id`) WHERE "profiles"."status" = 'active' and "profiles"."listed" = 1;--> statement-breakpoint
CREATE INDEX `profiles_search_region` ON `profiles` (`site_id`,`gender`,`region_id`,`has_photo`,`id`,`birth_date`) WHERE "profiles"."status" = 'active' and "profiles"."listed" = 1;
