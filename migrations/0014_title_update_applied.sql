ALTER TABLE `title_updates` ADD `applied_at` integer;--> statement-breakpoint
-- Every update recorded before this column took effect when it was recorded.
UPDATE `title_updates` SET `applied_at` = `created_at`;
