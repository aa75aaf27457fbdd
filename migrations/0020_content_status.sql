-- A content item's patch status moves to a narrow table of its own (see content_status in
-- db/schema.ts), as migration 0011 did for plays. Written by hand: drizzle-kit would rebuild
-- content (create, copy, DROP TABLE, rename), and on D1, where foreign keys cannot be switched off,
-- that DROP TABLE would cascade-delete every item's sections, plays, history, ratings, comments,
-- favourites and progress. ALTER TABLE ... DROP COLUMN keeps them.
CREATE TABLE `content_status` (
	`content_id` integer PRIMARY KEY NOT NULL,
	`game` text NOT NULL,
	`type` text NOT NULL,
	`is_published` integer NOT NULL,
	`created_at` integer NOT NULL,
	`status` text DEFAULT 'verified' NOT NULL,
	`status_update_id` integer,
	`status_note` text,
	`status_alternative` text,
	`status_changed_at` integer,
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`status_update_id`) REFERENCES `title_updates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `content_status` (`content_id`, `game`, `type`, `is_published`, `created_at`, `status`, `status_update_id`, `status_note`, `status_alternative`, `status_changed_at`)
  SELECT `id`, `game`, `type`, `is_published`, `created_at`, `status`, `status_update_id`, `status_note`, `status_alternative`, `status_changed_at` FROM `content`;--> statement-breakpoint
CREATE INDEX `content_status_game_status_idx` ON `content_status` (`game`,`status`,`is_published`,`type`);--> statement-breakpoint
CREATE INDEX `content_status_working_idx` ON `content_status` (`game`,`is_published`,`created_at`) WHERE status IN ('verified', 'adjusted');--> statement-breakpoint
CREATE INDEX `content_status_working_type_idx` ON `content_status` (`game`,`type`,`is_published`,`created_at`) WHERE status IN ('verified', 'adjusted');--> statement-breakpoint
DROP INDEX `content_game_status_idx`;--> statement-breakpoint
DROP INDEX `content_working_listing_idx`;--> statement-breakpoint
DROP INDEX `content_working_type_listing_idx`;--> statement-breakpoint
ALTER TABLE `content` DROP COLUMN `status`;--> statement-breakpoint
ALTER TABLE `content` DROP COLUMN `status_update_id`;--> statement-breakpoint
ALTER TABLE `content` DROP COLUMN `status_note`;--> statement-breakpoint
ALTER TABLE `content` DROP COLUMN `status_alternative`;--> statement-breakpoint
ALTER TABLE `content` DROP COLUMN `status_changed_at`;--> statement-breakpoint
-- Every item has its status row from the moment it exists, whoever inserts it (an upsert that
-- updates an existing item inserts nothing, so its status stays).
CREATE TRIGGER content_status_insert AFTER INSERT ON content BEGIN
  INSERT INTO content_status (content_id, game, type, is_published, created_at) VALUES (NEW.id, NEW.game, NEW.type, NEW.is_published, NEW.created_at);
END;--> statement-breakpoint
-- The copies of the item's game, type, published flag and creation time follow every change of theirs.
CREATE TRIGGER content_status_listing AFTER UPDATE OF game, type, is_published, created_at ON content BEGIN
  UPDATE content_status SET game = NEW.game, type = NEW.type, is_published = NEW.is_published, created_at = NEW.created_at WHERE content_id = NEW.id;
END;
