-- A play's search document carries its formation's name in the tag column (beside the play's own
-- tags), so that every word of 'gun bunch mesh' or 'nickel cover 3' finds the play: before, a play
-- knew only its own title, and a search naming the formation found no play. The tag filter is
-- unchanged (it reads the tags' JSON, not this column). Written by hand: a view, a trigger
-- and the play documents already stored.
DROP VIEW search_source_plays;
--> statement-breakpoint
CREATE VIEW search_source_plays AS
  SELECT kind, ref_id, content_id, section_id, game, type, difficulty, is_published, tags, title, tag_text,
    CASE WHEN required_tier = 'free' THEN plain ELSE '' END AS body,
    CASE WHEN required_tier = 'free' THEN '' ELSE plain END AS locked,
    published_at
  FROM (
    SELECT 'play' AS kind, p.id AS ref_id, c.id AS content_id, s.id AS section_id, c.game, c.type, c.difficulty,
      c.is_published,
      (SELECT json_group_array(value) FROM (SELECT value FROM json_each(p.tags) UNION SELECT value FROM json_each(c.tags))) AS tags,
      p.title,
      trim((SELECT coalesce(group_concat(t.value, ' '), '') FROM json_each(p.tags) t) || ' ' || s.title) AS tag_text,
      c.required_tier, c.created_at AS published_at,
      (WITH RECURSIVE t(done, rest) AS (
        SELECT '', coalesce(p.description, '')
        UNION ALL
        SELECT done || (CASE WHEN instr(rest, '<') = 0 THEN rest ELSE substr(rest, 1, instr(rest, '<') - 1) || ' ' END),
          (CASE WHEN instr(rest, '<') = 0 THEN '' WHEN instr(substr(rest, instr(rest, '<')), '>') = 0 THEN ''
            ELSE substr(rest, instr(rest, '<') + instr(substr(rest, instr(rest, '<')), '>')) END)
        FROM t WHERE rest <> '')
      SELECT replace(replace(done, '&nbsp;', ' '), '&amp;', '&') FROM t WHERE rest = '') AS plain
    FROM content_plays p JOIN content_sections s ON s.id = p.section_id JOIN content c ON c.id = s.content_id
  );
--> statement-breakpoint
-- A formation renamed (or moved to another item) renames it in its plays' documents. Only then: an
-- editor's save rewrites every formation row, and its plays have their own trigger.
CREATE TRIGGER search_sections_plays AFTER UPDATE OF title, content_id ON content_sections
  WHEN OLD.title IS NOT NEW.title OR OLD.content_id IS NOT NEW.content_id
BEGIN
  DELETE FROM search_documents WHERE kind = 'play' AND ref_id IN (SELECT id FROM content_plays WHERE section_id = OLD.id);
  INSERT INTO search_documents (kind, ref_id, content_id, section_id, game, type, difficulty, is_published, tags, title, tag_text, body, locked, published_at)
    SELECT * FROM search_source_plays WHERE section_id = NEW.id;
END;
--> statement-breakpoint
-- The play documents already stored.
UPDATE search_documents SET tag_text = trim((SELECT coalesce(group_concat(t.value, ' '), '') FROM json_each(p.tags) t) || ' ' || s.title)
  FROM content_plays p JOIN content_sections s ON s.id = p.section_id
  WHERE search_documents.kind = 'play' AND p.id = search_documents.ref_id;
