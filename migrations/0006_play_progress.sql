CREATE TABLE `play_progress` (
	`user_id` text NOT NULL,
	`play_id` integer NOT NULL,
	`content_id` integer NOT NULL,
	`stage` text DEFAULT 'not-started' NOT NULL,
	`position_seconds` integer,
	`position_saved_at` integer,
	`started_at` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	PRIMARY KEY(`user_id`, `play_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`play_id`) REFERENCES `content_plays`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "play_progress_position_check" CHECK(position_seconds IS NULL OR position_seconds >= 0)
);
--> statement-breakpoint
CREATE INDEX `play_progress_user_content_idx` ON `play_progress` (`user_id`,`content_id`);--> statement-breakpoint
CREATE INDEX `play_progress_user_updated_idx` ON `play_progress` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `play_progress_play_idx` ON `play_progress` (`play_id`);--> statement-breakpoint
CREATE INDEX `play_progress_content_idx` ON `play_progress` (`content_id`);