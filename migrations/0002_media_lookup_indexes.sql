CREATE INDEX `content_plays_image_idx` ON `content_plays` (`image_url`);--> statement-breakpoint
CREATE INDEX `content_plays_video_idx` ON `content_plays` (`video_url`);--> statement-breakpoint
CREATE INDEX `content_sections_image_idx` ON `content_sections` (`image_url`);