CREATE TABLE `blog_slug_redirects` (
	`old_slug` text PRIMARY KEY NOT NULL,
	`post_id` integer NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blog_slug_redirects_post_idx` ON `blog_slug_redirects` (`post_id`);--> statement-breakpoint
CREATE TABLE `content_slug_redirects` (
	`old_slug` text PRIMARY KEY NOT NULL,
	`content_id` integer NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `content_slug_redirects_content_idx` ON `content_slug_redirects` (`content_id`);