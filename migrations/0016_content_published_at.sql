ALTER TABLE `content` ADD `published_at` integer;--> statement-breakpoint
CREATE INDEX `content_game_published_at_idx` ON `content` (`game`,`is_published`,`published_at`);--> statement-breakpoint
-- Hand-written: items published before this migration count as published when they were created
-- (what the digest read until now).
UPDATE `content` SET `published_at` = `created_at` WHERE `is_published` = 1;
