-- The number of comments of each content item and blog post, kept like the other counters (see
-- docs/decisions/0004-counters-by-triggers.md), so that a busy page reads its total from one row;
-- then the counts of the comments already stored.
CREATE TRIGGER comments_counters_insert AFTER INSERT ON comments BEGIN
  INSERT INTO counters (name, value) SELECT 'comments:content:' || NEW.content_id, 1 WHERE NEW.content_id IS NOT NULL
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
  INSERT INTO counters (name, value) SELECT 'comments:blog:' || NEW.blog_post_id, 1 WHERE NEW.blog_post_id IS NOT NULL
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER comments_counters_delete AFTER DELETE ON comments BEGIN
  INSERT INTO counters (name, value) SELECT 'comments:content:' || OLD.content_id, -1 WHERE OLD.content_id IS NOT NULL
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
  INSERT INTO counters (name, value) SELECT 'comments:blog:' || OLD.blog_post_id, -1 WHERE OLD.blog_post_id IS NOT NULL
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
END;
--> statement-breakpoint
INSERT INTO counters (name, value) SELECT 'comments:content:' || content_id, COUNT(*) FROM comments WHERE content_id IS NOT NULL GROUP BY content_id
  ON CONFLICT(name) DO UPDATE SET value = excluded.value;
--> statement-breakpoint
INSERT INTO counters (name, value) SELECT 'comments:blog:' || blog_post_id, COUNT(*) FROM comments WHERE blog_post_id IS NOT NULL GROUP BY blog_post_id
  ON CONFLICT(name) DO UPDATE SET value = excluded.value;
