-- Members are told when our team deletes a play they keep in a gameplan (gameplan_removals in
-- db/schema.ts). The trigger below writes what the board said, one row per entry, before the play
-- and its entries go. Every path that deletes plays (the content editor's save, a formation
-- removed, the item deleted) deletes them by their own statement, before their formation and item,
-- so both titles are still there; a play that only a foreign key's cascade takes is not relied on
-- to fire it. A member's own 'Remove' and a deleted gameplan delete entries, not plays: no row.
CREATE TABLE `gameplan_removals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`gameplan_id` integer NOT NULL,
	`entry_id` integer NOT NULL,
	`situation` text NOT NULL,
	`play_title` text NOT NULL,
	`formation` text,
	`content_title` text,
	`removed_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`gameplan_id`) REFERENCES `gameplans`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gameplan_removals_entry_unique` ON `gameplan_removals` (`entry_id`);--> statement-breakpoint
CREATE INDEX `gameplan_removals_gameplan_idx` ON `gameplan_removals` (`gameplan_id`);
--> statement-breakpoint
CREATE TRIGGER gameplan_removals_on_play_delete BEFORE DELETE ON content_plays BEGIN
  INSERT OR IGNORE INTO gameplan_removals (gameplan_id, entry_id, situation, play_title, formation, content_title)
    SELECT e.gameplan_id, e.id, e.situation, OLD.title,
           (SELECT title FROM content_sections WHERE id = OLD.section_id),
           (SELECT title FROM content WHERE id = e.content_id)
    FROM gameplan_plays e WHERE e.play_id = OLD.id;
END;
