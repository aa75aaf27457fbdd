-- form_resends: a form sent twice is done once (docs/decisions/0025, app/server/resends.server.ts).
-- gameplan_removals.note: the member's note on an entry our team's deletion took goes with the
-- notice, so the trigger of 0022 is made again to copy it. gameplan_removals.moved_to: an item
-- staff move to the other game leaves the gameplans of the game it left (a gameplan is of one
-- game); the content editor's save writes those rows itself (admin-content.server.ts).
CREATE TABLE `form_resends` (
	`key` text PRIMARY KEY NOT NULL,
	`claimed_at` integer NOT NULL,
	`answer` text
);
--> statement-breakpoint
ALTER TABLE `gameplan_removals` ADD `note` text;--> statement-breakpoint
ALTER TABLE `gameplan_removals` ADD `moved_to` text;
--> statement-breakpoint
DROP TRIGGER IF EXISTS gameplan_removals_on_play_delete;
--> statement-breakpoint
CREATE TRIGGER gameplan_removals_on_play_delete BEFORE DELETE ON content_plays BEGIN
  INSERT OR IGNORE INTO gameplan_removals (gameplan_id, entry_id, situation, play_title, formation, content_title, note)
    SELECT e.gameplan_id, e.id, e.situation, OLD.title,
           (SELECT title FROM content_sections WHERE id = OLD.section_id),
           (SELECT title FROM content WHERE id = e.content_id),
           e.note
    FROM gameplan_plays e WHERE e.play_id = OLD.id;
END;
