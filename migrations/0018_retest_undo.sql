ALTER TABLE `status_changes` ADD `from_update_id` integer;--> statement-breakpoint
ALTER TABLE `status_changes` ADD `from_note` text;--> statement-breakpoint
ALTER TABLE `status_changes` ADD `from_alternative` text;--> statement-breakpoint
ALTER TABLE `status_changes` ADD `from_changed_at` integer;