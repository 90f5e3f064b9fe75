-- Dashboard totals and posts per day, kept in `counters` by statement-level triggers, so the admin dashboard
-- reads a few rows instead of counting millions, and every path that adds or removes rows (cascades
-- included) keeps them true. Keys are added in key order so concurrent writers cannot deadlock.
CREATE FUNCTION inkwell_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO counters (key, value) SELECT TG_ARGV[0], count(*) FROM new_rows HAVING count(*) > 0
    ON CONFLICT (key) DO UPDATE SET value = counters.value + excluded.value;
  ELSE
    INSERT INTO counters (key, value) SELECT TG_ARGV[0], -count(*) FROM old_rows HAVING count(*) > 0
    ON CONFLICT (key) DO UPDATE SET value = counters.value + excluded.value;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION inkwell_count_posts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO counters (key, value)
    SELECT k, sum(d) FROM (
      SELECT 'total.posts' AS k, 1 AS d FROM new_rows
      UNION ALL SELECT 'total.photos', 1 FROM new_rows WHERE type IN ('photo', 'gallery')
      UNION ALL SELECT 'posts.day.' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 1 FROM new_rows
    ) x GROUP BY k ORDER BY k
    ON CONFLICT (key) DO UPDATE SET value = counters.value + excluded.value;
  ELSE
    INSERT INTO counters (key, value)
    SELECT k, -sum(d) FROM (
      SELECT 'total.posts' AS k, 1 AS d FROM old_rows
      UNION ALL SELECT 'total.photos', 1 FROM old_rows WHERE type IN ('photo', 'gallery')
      UNION ALL SELECT 'posts.day.' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 1 FROM old_rows
    ) x GROUP BY k ORDER BY k
    ON CONFLICT (key) DO UPDATE SET value = counters.value + excluded.value;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION inkwell_count_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT delta + count(*) INTO delta FROM new_rows WHERE status IN ('trialing', 'active');
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT delta - count(*) INTO delta FROM old_rows WHERE status IN ('trialing', 'active');
  END IF;
  IF delta <> 0 THEN
    INSERT INTO counters (key, value) VALUES ('total.subscriptions', delta)
    ON CONFLICT (key) DO UPDATE SET value = counters.value + excluded.value;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_count_rows('total.users');
--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_count_rows('total.users');
--> statement-breakpoint
CREATE TRIGGER accounts_count_insert AFTER INSERT ON accounts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_count_rows('total.accounts');
--> statement-breakpoint
CREATE TRIGGER accounts_count_delete AFTER DELETE ON accounts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_count_rows('total.accounts');
--> statement-breakpoint
CREATE TRIGGER likes_count_insert AFTER INSERT ON likes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_count_rows('total.likes');
--> statement-breakpoint
CREATE TRIGGER likes_count_delete AFTER DELETE ON likes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_count_rows('total.likes');
--> statement-breakpoint
CREATE TRIGGER comments_count_insert AFTER INSERT ON comments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_count_rows('total.comments');
--> statement-breakpoint
CREATE TRIGGER comments_count_delete AFTER DELETE ON comments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_count_rows('total.comments');
--> statement-breakpoint
CREATE TRIGGER posts_count_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_count_posts();
--> statement-breakpoint
CREATE TRIGGER posts_count_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_count_posts();
--> statement-breakpoint
CREATE TRIGGER subscriptions_count_insert AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_count_subscriptions();
--> statement-breakpoint
CREATE TRIGGER subscriptions_count_update AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_count_subscriptions();
--> statement-breakpoint
CREATE TRIGGER subscriptions_count_delete AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_count_subscriptions();
--> statement-breakpoint
INSERT INTO counters (key, value)
SELECT k, n FROM (
  SELECT 'total.users' AS k, count(*) AS n FROM users
  UNION ALL SELECT 'total.accounts', count(*) FROM accounts
  UNION ALL SELECT 'total.likes', count(*) FROM likes
  UNION ALL SELECT 'total.comments', count(*) FROM comments
  UNION ALL SELECT 'total.posts', count(*) FROM posts
  UNION ALL SELECT 'total.photos', count(*) FROM posts WHERE type IN ('photo', 'gallery')
  UNION ALL SELECT 'total.subscriptions', count(*) FROM subscriptions WHERE status IN ('trialing', 'active')
  UNION ALL SELECT 'posts.day.' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), count(*) FROM posts GROUP BY 1
) x
ON CONFLICT (key) DO UPDATE SET value = excluded.value;
