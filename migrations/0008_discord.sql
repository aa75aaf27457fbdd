CREATE TABLE `discord_jobs` (
	`discord_user_id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`generation` integer DEFAULT 1 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`run_after` integer NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `discord_jobs_run_after_idx` ON `discord_jobs` (`run_after`);--> statement-breakpoint
CREATE INDEX `discord_jobs_user_idx` ON `discord_jobs` (`user_id`);--> statement-breakpoint
CREATE TABLE `discord_links` (
	`user_id` text PRIMARY KEY NOT NULL,
	`discord_user_id` text NOT NULL,
	`discord_username` text NOT NULL,
	`access_token` text,
	`refresh_token` text,
	`access_token_expires_at` integer,
	`role_granted` integer DEFAULT false NOT NULL,
	`needs_reconnect` integer DEFAULT false NOT NULL,
	`synced_at` integer,
	`linked_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discord_links_discord_user_unique` ON `discord_links` (`discord_user_id`);--> statement-breakpoint
CREATE INDEX `discord_links_synced_idx` ON `discord_links` (`synced_at`);--> statement-breakpoint
-- hand-written: a link that goes away (Disconnect, or the cascade of an account deletion) queues
-- the removal of its members' role, so no code path that deletes a link or an account can forget it.
CREATE TRIGGER discord_links_queue_removal AFTER DELETE ON discord_links BEGIN
  INSERT INTO discord_jobs (discord_user_id, user_id, run_after)
    SELECT OLD.discord_user_id, OLD.user_id, CAST(unixepoch('subsec') * 1000 AS INTEGER) WHERE 1
    ON CONFLICT(discord_user_id) DO UPDATE SET generation = discord_jobs.generation + 1, attempts = 0, run_after = excluded.run_after, user_id = excluded.user_id;
END;
