CREATE TABLE `section_slug_redirects` (
	`content_id` integer NOT NULL,
	`old_slug` text NOT NULL,
	`section_id` integer NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	PRIMARY KEY(`content_id`, `old_slug`),
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`section_id`) REFERENCES `content_sections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `section_slug_redirects_section_idx` ON `section_slug_redirects` (`section_id`);--> statement-breakpoint
CREATE INDEX `content_own_video_idx` ON `content` (`video_url`) WHERE video_url LIKE '/media/%';