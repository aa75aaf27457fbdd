CREATE TABLE `notification_digests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`to_email` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_digests_unsent_idx` ON `notification_digests` (`sent_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `notification_digests_user_idx` ON `notification_digests` (`user_id`);--> statement-breakpoint
CREATE TABLE `notification_reads` (
	`user_id` text NOT NULL,
	`change_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `change_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`change_id`) REFERENCES `status_changes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `status_changes` (
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
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`play_id`) REFERENCES `content_plays`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`update_id`) REFERENCES `title_updates`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `status_changes_content_idx` ON `status_changes` (`content_id`,`changed_at`);--> statement-breakpoint
CREATE INDEX `status_changes_play_idx` ON `status_changes` (`play_id`);--> statement-breakpoint
CREATE INDEX `status_changes_update_idx` ON `status_changes` (`update_id`) WHERE to_status <> 'needs-retest';--> statement-breakpoint
CREATE TABLE `title_updates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game` text NOT NULL,
	`version` text NOT NULL,
	`released_on` text NOT NULL,
	`notes_url` text,
	`summary` text DEFAULT '' NOT NULL,
	`gameplay` integer NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `title_updates_game_version_unique` ON `title_updates` (`game`,`version`);--> statement-breakpoint
CREATE INDEX `title_updates_game_released_idx` ON `title_updates` (`game`,`released_on`,`id`);--> statement-breakpoint
ALTER TABLE `content` ADD `status` text DEFAULT 'verified' NOT NULL;--> statement-breakpoint
ALTER TABLE `content` ADD `status_update_id` integer REFERENCES title_updates(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `content` ADD `status_note` text;--> statement-breakpoint
ALTER TABLE `content` ADD `status_alternative` text;--> statement-breakpoint
ALTER TABLE `content` ADD `status_changed_at` integer;--> statement-breakpoint
CREATE INDEX `content_game_status_idx` ON `content` (`game`,`status`);--> statement-breakpoint
ALTER TABLE `content_plays` ADD `status` text DEFAULT 'verified' NOT NULL;--> statement-breakpoint
ALTER TABLE `content_plays` ADD `status_update_id` integer REFERENCES title_updates(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `content_plays` ADD `status_note` text;--> statement-breakpoint
ALTER TABLE `content_plays` ADD `status_alternative` text;--> statement-breakpoint
ALTER TABLE `content_plays` ADD `status_changed_at` integer;--> statement-breakpoint
CREATE INDEX `content_plays_retest_idx` ON `content_plays` (`section_id`) WHERE status = 'needs-retest';--> statement-breakpoint
ALTER TABLE `users` ADD `notify_digest` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `notify_in_site` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `follow_games` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `notifications_read_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `digest_through` integer;