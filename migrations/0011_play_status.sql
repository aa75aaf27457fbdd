-- A play's patch status moves to a narrow table of its own (see play_status in db/schema.ts).
-- Written by hand: drizzle-kit would rebuild content_plays (create, copy, DROP TABLE, rename),
-- and on D1, where foreign keys cannot be switched off, that DROP TABLE would cascade-delete every
-- play's history, progress and gameplan rows. ALTER TABLE ... DROP COLUMN keeps them.
CREATE TABLE `play_status` (
	`play_id` integer PRIMARY KEY NOT NULL,
	`status` text DEFAULT 'verified' NOT NULL,
	`status_update_id` integer,
	`status_note` text,
	`status_alternative` text,
	`status_changed_at` integer,
	FOREIGN KEY (`play_id`) REFERENCES `content_plays`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`status_update_id`) REFERENCES `title_updates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `play_status` (`play_id`, `status`, `status_update_id`, `status_note`, `status_alternative`, `status_changed_at`)
  SELECT `id`, `status`, `status_update_id`, `status_note`, `status_alternative`, `status_changed_at` FROM `content_plays`;--> statement-breakpoint
CREATE INDEX `play_status_retest_idx` ON `play_status` (`status`) WHERE status = 'needs-retest';--> statement-breakpoint
DROP INDEX `content_plays_retest_idx`;--> statement-breakpoint
ALTER TABLE `content_plays` DROP COLUMN `status`;--> statement-breakpoint
ALTER TABLE `content_plays` DROP COLUMN `status_update_id`;--> statement-breakpoint
ALTER TABLE `content_plays` DROP COLUMN `status_note`;--> statement-breakpoint
ALTER TABLE `content_plays` DROP COLUMN `status_alternative`;--> statement-breakpoint
ALTER TABLE `content_plays` DROP COLUMN `status_changed_at`;--> statement-breakpoint
-- Every play has its status row from the moment it exists, whoever inserts it (an upsert that
-- updates an existing play inserts nothing, so its status stays).
CREATE TRIGGER play_status_insert AFTER INSERT ON content_plays BEGIN
  INSERT INTO play_status (play_id) VALUES (NEW.id);
END;
