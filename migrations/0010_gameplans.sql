CREATE TABLE `gameplan_plays` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`gameplan_id` integer NOT NULL,
	`play_id` integer NOT NULL,
	`content_id` integer NOT NULL,
	`situation` text NOT NULL,
	`position` integer NOT NULL,
	`note` text,
	`added_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`gameplan_id`) REFERENCES `gameplans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`play_id`) REFERENCES `content_plays`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gameplan_plays_slot_unique` ON `gameplan_plays` (`gameplan_id`,`situation`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `gameplan_plays_situation_play_unique` ON `gameplan_plays` (`gameplan_id`,`situation`,`play_id`);--> statement-breakpoint
CREATE INDEX `gameplan_plays_play_idx` ON `gameplan_plays` (`play_id`);--> statement-breakpoint
CREATE INDEX `gameplan_plays_content_idx` ON `gameplan_plays` (`content_id`);--> statement-breakpoint
CREATE TABLE `gameplans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`game` text NOT NULL,
	`share_token` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `gameplans_user_created_idx` ON `gameplans` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `gameplans_share_token_unique` ON `gameplans` (`share_token`);