-- Exact counts maintained by triggers so that listings, badges and dashboards never scan whole tables.
CREATE TRIGGER content_counters_insert AFTER INSERT ON content BEGIN
  INSERT INTO counters (name, value) SELECT 'content:all', 1 WHERE 1
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
  INSERT INTO counters (name, value) SELECT 'content:published', 1 WHERE NEW.is_published = 1
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
  INSERT INTO counters (name, value) SELECT 'content:' || NEW.game || ':' || NEW.type, 1 WHERE NEW.is_published = 1
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER content_counters_delete AFTER DELETE ON content BEGIN
  INSERT INTO counters (name, value) SELECT 'content:all', -1 WHERE 1
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
  INSERT INTO counters (name, value) SELECT 'content:published', -1 WHERE OLD.is_published = 1
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
  INSERT INTO counters (name, value) SELECT 'content:' || OLD.game || ':' || OLD.type, -1 WHERE OLD.is_published = 1
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER content_counters_update AFTER UPDATE OF is_published, game, type ON content BEGIN
  INSERT INTO counters (name, value) SELECT 'content:published', -1 WHERE OLD.is_published = 1
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
  INSERT INTO counters (name, value) SELECT 'content:' || OLD.game || ':' || OLD.type, -1 WHERE OLD.is_published = 1
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
  INSERT INTO counters (name, value) SELECT 'content:published', 1 WHERE NEW.is_published = 1
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
  INSERT INTO counters (name, value) SELECT 'content:' || NEW.game || ':' || NEW.type, 1 WHERE NEW.is_published = 1
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER users_counters_insert AFTER INSERT ON users BEGIN
  INSERT INTO counters (name, value) SELECT 'users:all', 1 WHERE 1
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
  INSERT INTO counters (name, value) SELECT 'users:active_subscriptions', 1 WHERE NEW.subscription_status = 'active'
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER users_counters_delete AFTER DELETE ON users BEGIN
  INSERT INTO counters (name, value) SELECT 'users:all', -1 WHERE 1
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
  INSERT INTO counters (name, value) SELECT 'users:active_subscriptions', -1 WHERE OLD.subscription_status = 'active'
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER users_counters_update AFTER UPDATE OF subscription_status ON users BEGIN
  INSERT INTO counters (name, value) SELECT 'users:active_subscriptions', -1 WHERE OLD.subscription_status = 'active'
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
  INSERT INTO counters (name, value) SELECT 'users:active_subscriptions', 1 WHERE NEW.subscription_status = 'active'
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER blog_counters_insert AFTER INSERT ON blog_posts BEGIN
  INSERT INTO counters (name, value) SELECT 'blog:all', 1 WHERE 1
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
  INSERT INTO counters (name, value) SELECT 'blog:published', 1 WHERE NEW.is_published = 1
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER blog_counters_delete AFTER DELETE ON blog_posts BEGIN
  INSERT INTO counters (name, value) SELECT 'blog:all', -1 WHERE 1
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
  INSERT INTO counters (name, value) SELECT 'blog:published', -1 WHERE OLD.is_published = 1
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER blog_counters_update AFTER UPDATE OF is_published ON blog_posts BEGIN
  INSERT INTO counters (name, value) SELECT 'blog:published', -1 WHERE OLD.is_published = 1
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
  INSERT INTO counters (name, value) SELECT 'blog:published', 1 WHERE NEW.is_published = 1
    ON CONFLICT(name) DO UPDATE SET value = counters.value + excluded.value;
END;
