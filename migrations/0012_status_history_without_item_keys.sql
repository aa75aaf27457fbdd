-- Patch history keeps no foreign keys on its item columns (content_id, play_id): a gameplay update
-- inserts a row for every item and play of the game, and checking each against content and
-- content_plays took a fifth of patch day's D1 time. Every insert selects its ids from those tables;
-- the two triggers at the end delete an item's or a play's history with it, as the cascade did.
-- Written by hand: drizzle-kit's rebuild would DROP TABLE status_changes, and on D1, where foreign
-- keys stay on, that cascades to notification_reads. So notification_reads is set aside and
-- rebuilt, and AUTOINCREMENT's high-water mark is carried over (ids are never reused).
CREATE TABLE `__new_status_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_kind` text NOT NULL,
	`content_id` integer NOT NULL,
	`play_id` integer,
	`from_status` text,
	`to_status` text NOT NULL,
	`update_id` integer,
	`note` text,
	`changed_by` text,
	`notify` integer DEFAULT true NOT NULL,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`update_id`) REFERENCES `title_updates`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_status_changes`("id", "item_kind", "content_id", "play_id", "from_status", "to_status", "update_id", "note", "changed_by", "notify", "changed_at") SELECT "id", "item_kind", "content_id", "play_id", "from_status", "to_status", "update_id", "note", "changed_by", "notify", "changed_at" FROM `status_changes`;--> statement-breakpoint
INSERT INTO `__new_status_changes` ("id", "item_kind", "content_id", "to_status", "changed_at")
  SELECT "seq", 'content', 0, 'verified', 0 FROM sqlite_sequence
  WHERE "name" = 'status_changes' AND "seq" > (SELECT coalesce(max("id"), 0) FROM `status_changes`);--> statement-breakpoint
DELETE FROM `__new_status_changes` WHERE "id" > (SELECT coalesce(max("id"), 0) FROM `status_changes`);--> statement-breakpoint
CREATE TABLE `__keep_notification_reads` AS SELECT `user_id`, `change_id` FROM `notification_reads`;--> statement-breakpoint
DROP TABLE `notification_reads`;--> statement-breakpoint
DROP TABLE `status_changes`;--> statement-breakpoint
ALTER TABLE `__new_status_changes` RENAME TO `status_changes`;--> statement-breakpoint
CREATE TABLE `notification_reads` (
	`user_id` text NOT NULL,
	`change_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `change_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`change_id`) REFERENCES `status_changes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `notification_reads` (`user_id`, `change_id`) SELECT `user_id`, `change_id` FROM `__keep_notification_reads`;--> statement-breakpoint
DROP TABLE `__keep_notification_reads`;--> statement-breakpoint
CREATE INDEX `status_changes_content_idx` ON `status_changes` (`content_id`,`changed_at`);--> statement-breakpoint
CREATE INDEX `status_changes_play_idx` ON `status_changes` (`play_id`);--> statement-breakpoint
CREATE INDEX `status_changes_update_idx` ON `status_changes` (`update_id`) WHERE to_status <> 'needs-retest';--> statement-breakpoint
CREATE TRIGGER status_changes_content_delete AFTER DELETE ON content BEGIN
  DELETE FROM status_changes WHERE content_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER status_changes_play_delete AFTER DELETE ON content_plays BEGIN
  DELETE FROM status_changes WHERE play_id = OLD.id;
END;
