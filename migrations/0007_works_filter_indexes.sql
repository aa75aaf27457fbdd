DROP INDEX `content_game_status_idx`;--> statement-breakpoint
CREATE INDEX `content_working_listing_idx` ON `content` (`game`,`is_published`,`created_at`) WHERE status IN ('verified', 'adjusted');--> statement-breakpoint
CREATE INDEX `content_working_type_listing_idx` ON `content` (`game`,`type`,`is_published`,`created_at`) WHERE status IN ('verified', 'adjusted');--> statement-breakpoint
CREATE INDEX `content_game_status_idx` ON `content` (`game`,`status`,`is_published`,`type`);