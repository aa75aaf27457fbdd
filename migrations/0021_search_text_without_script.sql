-- A write-up's search text leaves out what its page leaves out: the content of <script>, <style>,
-- <iframe>, <object>, <embed>, <template> and <noscript> (the sanitiser drops them with their
-- content, app/server/rich-text.server.ts; one never closed loses only its tag, as there). Before,
-- only the tags were left out, so a search found words inside a script and showed them in the
-- snippet. Written by hand: the two views, and the documents already stored whose write-up holds a tag.
DROP VIEW search_source_formations;
--> statement-breakpoint
CREATE VIEW search_source_formations AS
  SELECT kind, ref_id, content_id, section_id, game, type, difficulty, is_published, tags, title, tag_text,
    CASE WHEN required_tier = 'free' THEN plain ELSE '' END AS body,
    CASE WHEN required_tier = 'free' THEN '' ELSE plain END AS locked,
    published_at
  FROM (
    SELECT 'formation' AS kind, s.id AS ref_id, c.id AS content_id, s.id AS section_id, c.game, c.type, c.difficulty,
      c.is_published, c.tags, s.title, '' AS tag_text, c.required_tier, c.created_at AS published_at,
      (WITH RECURSIVE t(done, rest) AS (
        SELECT '', coalesce(s.description, '')
        UNION ALL
        SELECT done || (CASE WHEN instr(rest, '<') = 0 THEN rest ELSE substr(rest, 1, instr(rest, '<') - 1) || ' ' END),
          (CASE WHEN instr(rest, '<') = 0 THEN ''
          WHEN substr(lower(substr(rest, instr(rest, '<') + 1)), 1, 6) = 'script' AND substr(lower(substr(rest, instr(rest, '<') + 1)), 7, 1) IN (' ', '>', '/', char(9), char(10), char(13)) AND instr(lower(substr(rest, instr(rest, '<') + 1)), '</script') > 0
            THEN substr(substr(rest, instr(rest, '<') + 1), instr(lower(substr(rest, instr(rest, '<') + 1)), '</script'))
          WHEN substr(lower(substr(rest, instr(rest, '<') + 1)), 1, 5) = 'style' AND substr(lower(substr(rest, instr(rest, '<') + 1)), 6, 1) IN (' ', '>', '/', char(9), char(10), char(13)) AND instr(lower(substr(rest, instr(rest, '<') + 1)), '</style') > 0
            THEN substr(substr(rest, instr(rest, '<') + 1), instr(lower(substr(rest, instr(rest, '<') + 1)), '</style'))
          WHEN substr(lower(substr(rest, instr(rest, '<') + 1)), 1, 6) = 'iframe' AND substr(lower(substr(rest, instr(rest, '<') + 1)), 7, 1) IN (' ', '>', '/', char(9), char(10), char(13)) AND instr(lower(substr(rest, instr(rest, '<') + 1)), '</iframe') > 0
            THEN substr(substr(rest, instr(rest, '<') + 1), instr(lower(substr(rest, instr(rest, '<') + 1)), '</iframe'))
          WHEN substr(lower(substr(rest, instr(rest, '<') + 1)), 1, 6) = 'object' AND substr(lower(substr(rest, instr(rest, '<') + 1)), 7, 1) IN (' ', '>', '/', char(9), char(10), char(13)) AND instr(lower(substr(rest, instr(rest, '<') + 1)), '</object') > 0
            THEN substr(substr(rest, instr(rest, '<') + 1), instr(lower(substr(rest, instr(rest, '<') + 1)), '</object'))
          WHEN substr(lower(substr(rest, instr(rest, '<') + 1)), 1, 5) = 'embed' AND substr(lower(substr(rest, instr(rest, '<') + 1)), 6, 1) IN (' ', '>', '/', char(9), char(10), char(13)) AND instr(lower(substr(rest, instr(rest, '<') + 1)), '</embed') > 0
            THEN substr(substr(rest, instr(rest, '<') + 1), instr(lower(substr(rest, instr(rest, '<') + 1)), '</embed'))
          WHEN substr(lower(substr(rest, instr(rest, '<') + 1)), 1, 8) = 'template' AND substr(lower(substr(rest, instr(rest, '<') + 1)), 9, 1) IN (' ', '>', '/', char(9), char(10), char(13)) AND instr(lower(substr(rest, instr(rest, '<') + 1)), '</template') > 0
            THEN substr(substr(rest, instr(rest, '<') + 1), instr(lower(substr(rest, instr(rest, '<') + 1)), '</template'))
          WHEN substr(lower(substr(rest, instr(rest, '<') + 1)), 1, 8) = 'noscript' AND substr(lower(substr(rest, instr(rest, '<') + 1)), 9, 1) IN (' ', '>', '/', char(9), char(10), char(13)) AND instr(lower(substr(rest, instr(rest, '<') + 1)), '</noscript') > 0
            THEN substr(substr(rest, instr(rest, '<') + 1), instr(lower(substr(rest, instr(rest, '<') + 1)), '</noscript'))
          WHEN instr(substr(rest, instr(rest, '<')), '>') = 0 THEN ''
          ELSE substr(rest, instr(rest, '<') + instr(substr(rest, instr(rest, '<')), '>')) END)
        FROM t WHERE rest <> '')
      SELECT replace(replace(done, '&nbsp;', ' '), '&amp;', '&') FROM t WHERE rest = '') AS plain
    FROM content_sections s JOIN content c ON c.id = s.content_id
  );
--> statement-breakpoint
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
          (CASE WHEN instr(rest, '<') = 0 THEN ''
          WHEN substr(lower(substr(rest, instr(rest, '<') + 1)), 1, 6) = 'script' AND substr(lower(substr(rest, instr(rest, '<') + 1)), 7, 1) IN (' ', '>', '/', char(9), char(10), char(13)) AND instr(lower(substr(rest, instr(rest, '<') + 1)), '</script') > 0
            THEN substr(substr(rest, instr(rest, '<') + 1), instr(lower(substr(rest, instr(rest, '<') + 1)), '</script'))
          WHEN substr(lower(substr(rest, instr(rest, '<') + 1)), 1, 5) = 'style' AND substr(lower(substr(rest, instr(rest, '<') + 1)), 6, 1) IN (' ', '>', '/', char(9), char(10), char(13)) AND instr(lower(substr(rest, instr(rest, '<') + 1)), '</style') > 0
            THEN substr(substr(rest, instr(rest, '<') + 1), instr(lower(substr(rest, instr(rest, '<') + 1)), '</style'))
          WHEN substr(lower(substr(rest, instr(rest, '<') + 1)), 1, 6) = 'iframe' AND substr(lower(substr(rest, instr(rest, '<') + 1)), 7, 1) IN (' ', '>', '/', char(9), char(10), char(13)) AND instr(lower(substr(rest, instr(rest, '<') + 1)), '</iframe') > 0
            THEN substr(substr(rest, instr(rest, '<') + 1), instr(lower(substr(rest, instr(rest, '<') + 1)), '</iframe'))
          WHEN substr(lower(substr(rest, instr(rest, '<') + 1)), 1, 6) = 'object' AND substr(lower(substr(rest, instr(rest, '<') + 1)), 7, 1) IN (' ', '>', '/', char(9), char(10), char(13)) AND instr(lower(substr(rest, instr(rest, '<') + 1)), '</object') > 0
            THEN substr(substr(rest, instr(rest, '<') + 1), instr(lower(substr(rest, instr(rest, '<') + 1)), '</object'))
          WHEN substr(lower(substr(rest, instr(rest, '<') + 1)), 1, 5) = 'embed' AND substr(lower(substr(rest, instr(rest, '<') + 1)), 6, 1) IN (' ', '>', '/', char(9), char(10), char(13)) AND instr(lower(substr(rest, instr(rest, '<') + 1)), '</embed') > 0
            THEN substr(substr(rest, instr(rest, '<') + 1), instr(lower(substr(rest, instr(rest, '<') + 1)), '</embed'))
          WHEN substr(lower(substr(rest, instr(rest, '<') + 1)), 1, 8) = 'template' AND substr(lower(substr(rest, instr(rest, '<') + 1)), 9, 1) IN (' ', '>', '/', char(9), char(10), char(13)) AND instr(lower(substr(rest, instr(rest, '<') + 1)), '</template') > 0
            THEN substr(substr(rest, instr(rest, '<') + 1), instr(lower(substr(rest, instr(rest, '<') + 1)), '</template'))
          WHEN substr(lower(substr(rest, instr(rest, '<') + 1)), 1, 8) = 'noscript' AND substr(lower(substr(rest, instr(rest, '<') + 1)), 9, 1) IN (' ', '>', '/', char(9), char(10), char(13)) AND instr(lower(substr(rest, instr(rest, '<') + 1)), '</noscript') > 0
            THEN substr(substr(rest, instr(rest, '<') + 1), instr(lower(substr(rest, instr(rest, '<') + 1)), '</noscript'))
          WHEN instr(substr(rest, instr(rest, '<')), '>') = 0 THEN ''
          ELSE substr(rest, instr(rest, '<') + instr(substr(rest, instr(rest, '<')), '>')) END)
        FROM t WHERE rest <> '')
      SELECT replace(replace(done, '&nbsp;', ' '), '&amp;', '&') FROM t WHERE rest = '') AS plain
    FROM content_plays p JOIN content_sections s ON s.id = p.section_id JOIN content c ON c.id = s.content_id
  );
--> statement-breakpoint
-- The documents already stored (only a write-up with a tag can read differently now).
UPDATE search_documents SET body = v.body, locked = v.locked
  FROM search_source_formations v
  WHERE search_documents.kind = 'formation' AND v.ref_id = search_documents.ref_id
    AND search_documents.ref_id IN (SELECT id FROM content_sections WHERE instr(description, '<') > 0);
--> statement-breakpoint
UPDATE search_documents SET body = v.body, locked = v.locked
  FROM search_source_plays v
  WHERE search_documents.kind = 'play' AND v.ref_id = search_documents.ref_id
    AND search_documents.ref_id IN (SELECT id FROM content_plays WHERE instr(description, '<') > 0);
