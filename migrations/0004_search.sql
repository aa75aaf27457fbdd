CREATE TABLE `search_documents` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`ref_id` integer NOT NULL,
	`content_id` integer,
	`section_id` integer,
	`game` text,
	`type` text,
	`difficulty` text,
	`is_published` integer NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`title` text NOT NULL,
	`tag_text` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`locked` text DEFAULT '' NOT NULL,
	`published_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_documents_kind_ref_unique` ON `search_documents` (`kind`,`ref_id`);--> statement-breakpoint
CREATE INDEX `search_documents_content_idx` ON `search_documents` (`content_id`);--> statement-breakpoint
CREATE TABLE `search_misses` (
	`query` text NOT NULL,
	`day` text NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`last_seen_at` integer NOT NULL,
	PRIMARY KEY(`query`, `day`)
);
--> statement-breakpoint
CREATE INDEX `search_misses_day_idx` ON `search_misses` (`day`);--> statement-breakpoint
ALTER TABLE `content_plays` ADD `tags` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- Full-text search (app/server/search.server.ts). search_documents holds one row per content
-- item, formation, play and published blog post, written only by the triggers below, in the same
-- statement as the row it mirrors; search_fts indexes it (external content) and is kept in step by
-- triggers on search_documents. A premium item's formation and play write-ups go to `locked`:
-- only viewers who may open premium content search that column.
CREATE VIRTUAL TABLE search_fts USING fts5(
  title, tag_text, body, locked,
  content='search_documents', content_rowid='id',
  tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
-- The index's vocabulary per column, for 'Did you mean ...?'.
CREATE VIRTUAL TABLE search_vocab USING fts5vocab(search_fts, 'col');
--> statement-breakpoint
CREATE TRIGGER search_documents_insert AFTER INSERT ON search_documents BEGIN
  INSERT INTO search_fts (rowid, title, tag_text, body, locked) VALUES (NEW.id, NEW.title, NEW.tag_text, NEW.body, NEW.locked);
END;
--> statement-breakpoint
CREATE TRIGGER search_documents_delete AFTER DELETE ON search_documents BEGIN
  INSERT INTO search_fts (search_fts, rowid, title, tag_text, body, locked) VALUES ('delete', OLD.id, OLD.title, OLD.tag_text, OLD.body, OLD.locked);
END;
--> statement-breakpoint
CREATE TRIGGER search_documents_update AFTER UPDATE ON search_documents BEGIN
  INSERT INTO search_fts (search_fts, rowid, title, tag_text, body, locked) VALUES ('delete', OLD.id, OLD.title, OLD.tag_text, OLD.body, OLD.locked);
  INSERT INTO search_fts (rowid, title, tag_text, body, locked) VALUES (NEW.id, NEW.title, NEW.tag_text, NEW.body, NEW.locked);
END;
--> statement-breakpoint
-- What each source row contributes, as views: the triggers and the rebuild select from them.
-- Write-ups may hold simple HTML (the formatting tags the editor allows): tags are left out of
-- the index, so that searching for 'strong' or 'href' finds only text.
CREATE VIEW search_source_content AS
  SELECT 'content' AS kind, c.id AS ref_id, c.id AS content_id, NULL AS section_id, c.game, c.type, c.difficulty,
    c.is_published, c.tags, c.title,
    (SELECT coalesce(group_concat(t.value, ' '), '') FROM json_each(c.tags) t) AS tag_text,
    c.description AS body, '' AS locked, c.created_at AS published_at
  FROM content c;
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
          (CASE WHEN instr(rest, '<') = 0 THEN '' WHEN instr(substr(rest, instr(rest, '<')), '>') = 0 THEN ''
            ELSE substr(rest, instr(rest, '<') + instr(substr(rest, instr(rest, '<')), '>')) END)
        FROM t WHERE rest <> '')
      SELECT replace(replace(done, '&nbsp;', ' '), '&amp;', '&') FROM t WHERE rest = '') AS plain
    FROM content_sections s JOIN content c ON c.id = s.content_id
  );
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
      (SELECT coalesce(group_concat(t.value, ' '), '') FROM json_each(p.tags) t) AS tag_text,
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
-- Drafts of the blog have no page, so only published posts are indexed.
CREATE VIEW search_source_posts AS
  SELECT 'post' AS kind, b.id AS ref_id, NULL AS content_id, NULL AS section_id, NULL AS game, NULL AS type, NULL AS difficulty,
    1 AS is_published, '[]' AS tags, b.title, '' AS tag_text,
    coalesce(b.excerpt, '') || ' ' || b.content AS body, '' AS locked, coalesce(b.published_at, b.created_at) AS published_at
  FROM blog_posts b WHERE b.is_published = 1;
--> statement-breakpoint
CREATE TRIGGER search_content_insert AFTER INSERT ON content BEGIN
  INSERT INTO search_documents (kind, ref_id, content_id, section_id, game, type, difficulty, is_published, tags, title, tag_text, body, locked, published_at)
    SELECT * FROM search_source_content WHERE ref_id = NEW.id;
END;
--> statement-breakpoint
-- A change of tier, game, type or publication changes every formation and play of the item too.
CREATE TRIGGER search_content_update AFTER UPDATE OF title, description, type, game, tags, difficulty, required_tier, is_published, created_at ON content BEGIN
  DELETE FROM search_documents WHERE content_id = OLD.id;
  INSERT INTO search_documents (kind, ref_id, content_id, section_id, game, type, difficulty, is_published, tags, title, tag_text, body, locked, published_at)
    SELECT * FROM search_source_content WHERE ref_id = NEW.id
    UNION ALL SELECT * FROM search_source_formations WHERE content_id = NEW.id
    UNION ALL SELECT * FROM search_source_plays WHERE content_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_content_delete AFTER DELETE ON content BEGIN
  DELETE FROM search_documents WHERE content_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_sections_insert AFTER INSERT ON content_sections BEGIN
  INSERT INTO search_documents (kind, ref_id, content_id, section_id, game, type, difficulty, is_published, tags, title, tag_text, body, locked, published_at)
    SELECT * FROM search_source_formations WHERE ref_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_sections_update AFTER UPDATE OF title, description, content_id ON content_sections BEGIN
  DELETE FROM search_documents WHERE kind = 'formation' AND ref_id = OLD.id;
  INSERT INTO search_documents (kind, ref_id, content_id, section_id, game, type, difficulty, is_published, tags, title, tag_text, body, locked, published_at)
    SELECT * FROM search_source_formations WHERE ref_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_sections_delete AFTER DELETE ON content_sections BEGIN
  DELETE FROM search_documents WHERE kind = 'formation' AND ref_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_plays_insert AFTER INSERT ON content_plays BEGIN
  INSERT INTO search_documents (kind, ref_id, content_id, section_id, game, type, difficulty, is_published, tags, title, tag_text, body, locked, published_at)
    SELECT * FROM search_source_plays WHERE ref_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_plays_update AFTER UPDATE OF title, description, tags, section_id ON content_plays BEGIN
  DELETE FROM search_documents WHERE kind = 'play' AND ref_id = OLD.id;
  INSERT INTO search_documents (kind, ref_id, content_id, section_id, game, type, difficulty, is_published, tags, title, tag_text, body, locked, published_at)
    SELECT * FROM search_source_plays WHERE ref_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_plays_delete AFTER DELETE ON content_plays BEGIN
  DELETE FROM search_documents WHERE kind = 'play' AND ref_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_posts_insert AFTER INSERT ON blog_posts BEGIN
  INSERT INTO search_documents (kind, ref_id, content_id, section_id, game, type, difficulty, is_published, tags, title, tag_text, body, locked, published_at)
    SELECT * FROM search_source_posts WHERE ref_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_posts_update AFTER UPDATE OF title, excerpt, content, is_published, published_at ON blog_posts BEGIN
  DELETE FROM search_documents WHERE kind = 'post' AND ref_id = OLD.id;
  INSERT INTO search_documents (kind, ref_id, content_id, section_id, game, type, difficulty, is_published, tags, title, tag_text, body, locked, published_at)
    SELECT * FROM search_source_posts WHERE ref_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER search_posts_delete AFTER DELETE ON blog_posts BEGIN
  DELETE FROM search_documents WHERE kind = 'post' AND ref_id = OLD.id;
END;
--> statement-breakpoint
-- Index what is already stored.
INSERT INTO search_documents (kind, ref_id, content_id, section_id, game, type, difficulty, is_published, tags, title, tag_text, body, locked, published_at)
  SELECT * FROM search_source_content
  UNION ALL SELECT * FROM search_source_formations
  UNION ALL SELECT * FROM search_source_plays
  UNION ALL SELECT * FROM search_source_posts;
