CREATE TABLE `auth_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auth_tokens_user_purpose_idx` ON `auth_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `blog_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`excerpt` text,
	`content` text NOT NULL,
	`category` text DEFAULT 'updates' NOT NULL,
	`featured_image` text,
	`is_published` integer DEFAULT false NOT NULL,
	`published_at` integer,
	`author_id` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_unique` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `blog_posts_published_idx` ON `blog_posts` (`is_published`,`published_at`);--> statement-breakpoint
CREATE INDEX `blog_posts_category_published_idx` ON `blog_posts` (`is_published`,`category`,`published_at`);--> statement-breakpoint
CREATE INDEX `blog_posts_created_at_idx` ON `blog_posts` (`created_at`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`content_type` text NOT NULL,
	`content_id` integer,
	`blog_post_id` integer,
	`comment` text NOT NULL,
	`author_name` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blog_post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "comments_one_target" CHECK(("comments"."content_type" = 'content' AND "comments"."content_id" IS NOT NULL AND "comments"."blog_post_id" IS NULL) OR ("comments"."content_type" = 'blog' AND "comments"."blog_post_id" IS NOT NULL AND "comments"."content_id" IS NULL))
);
--> statement-breakpoint
CREATE INDEX `comments_content_idx` ON `comments` (`content_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comments_blog_post_idx` ON `comments` (`blog_post_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comments_user_idx` ON `comments` (`user_id`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text,
	`message` text NOT NULL,
	`user_id` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `content` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`type` text DEFAULT 'meta-scheme' NOT NULL,
	`game` text DEFAULT 'college' NOT NULL,
	`thumbnail_url` text,
	`video_url` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`difficulty` text DEFAULT 'beginner' NOT NULL,
	`required_tier` text DEFAULT 'premium' NOT NULL,
	`is_published` integer DEFAULT true NOT NULL,
	`author_id` text,
	`views` integer DEFAULT 0 NOT NULL,
	`runtime` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_slug_unique` ON `content` (`slug`);--> statement-breakpoint
CREATE INDEX `content_game_listing_idx` ON `content` (`game`,`is_published`,`created_at`);--> statement-breakpoint
CREATE INDEX `content_game_type_listing_idx` ON `content` (`game`,`type`,`is_published`,`created_at`);--> statement-breakpoint
CREATE INDEX `content_type_listing_idx` ON `content` (`type`,`is_published`,`created_at`);--> statement-breakpoint
CREATE INDEX `content_published_idx` ON `content` (`is_published`,`created_at`);--> statement-breakpoint
CREATE INDEX `content_author_idx` ON `content` (`author_id`);--> statement-breakpoint
CREATE INDEX `content_created_at_idx` ON `content` (`created_at`);--> statement-breakpoint
CREATE TABLE `content_plays` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`section_id` integer NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`image_url` text,
	`video_provider` text DEFAULT 'youtube' NOT NULL,
	`video_url` text,
	`runtime` text,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `content_sections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_plays_section_slug_unique` ON `content_plays` (`section_id`,`slug`);--> statement-breakpoint
CREATE INDEX `content_plays_section_position_idx` ON `content_plays` (`section_id`,`position`);--> statement-breakpoint
CREATE TABLE `content_ratings` (
	`user_id` text NOT NULL,
	`content_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	PRIMARY KEY(`user_id`, `content_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "content_ratings_rating_range" CHECK("content_ratings"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE INDEX `content_ratings_content_idx` ON `content_ratings` (`content_id`,`rating`);--> statement-breakpoint
CREATE TABLE `content_sections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`content_id` integer NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`image_url` text,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_sections_content_slug_unique` ON `content_sections` (`content_id`,`slug`);--> statement-breakpoint
CREATE INDEX `content_sections_content_position_idx` ON `content_sections` (`content_id`,`position`);--> statement-breakpoint
CREATE TABLE `counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `favorites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`content_id` integer NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `favorites_user_content_unique` ON `favorites` (`user_id`,`content_id`);--> statement-breakpoint
CREATE INDEX `favorites_user_created_idx` ON `favorites` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `favorites_content_idx` ON `favorites` (`content_id`);--> statement-breakpoint
CREATE TABLE `oauth_accounts` (
	`provider` text NOT NULL,
	`provider_user_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	PRIMARY KEY(`provider`, `provider_user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `oauth_accounts_user_idx` ON `oauth_accounts` (`user_id`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `testimonials` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`title` text,
	`content` text NOT NULL,
	`rating` integer DEFAULT 5 NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "testimonials_rating_range" CHECK("testimonials"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE INDEX `testimonials_sort_order_idx` ON `testimonials` (`sort_order`);--> statement-breakpoint
CREATE TABLE `user_tips` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`formation_name` text NOT NULL,
	`play_name` text NOT NULL,
	`playbook` text NOT NULL,
	`game_type` text DEFAULT 'madden' NOT NULL,
	`tip_description` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`admin_notes` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_tips_user_created_idx` ON `user_tips` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `user_tips_created_idx` ON `user_tips` (`created_at`);--> statement-breakpoint
CREATE INDEX `user_tips_status_idx` ON `user_tips` (`status`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`role` text DEFAULT 'user' NOT NULL,
	`profile_image_url` text,
	`password_hash` text,
	`email_confirmed_at` integer,
	`sessions_valid_after` integer DEFAULT 0 NOT NULL,
	`subscription_tier` text DEFAULT 'free' NOT NULL,
	`subscription_status` text DEFAULT 'inactive' NOT NULL,
	`subscription_plan` text,
	`subscription_start_date` integer,
	`subscription_end_date` integer,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`access_expires_at` integer,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_stripe_customer_unique` ON `users` (`stripe_customer_id`);--> statement-breakpoint
CREATE INDEX `users_stripe_subscription_idx` ON `users` (`stripe_subscription_id`);--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_access_expires_idx` ON `users` (`subscription_tier`,`access_expires_at`);--> statement-breakpoint
CREATE INDEX `users_status_idx` ON `users` (`subscription_status`);