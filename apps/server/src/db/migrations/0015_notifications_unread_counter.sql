-- Each person's unread in-app notifications, kept in `users.notifications_unread` by statement-level triggers,
-- so the badge is one indexed row read and every path that adds, reads, groups or removes notifications
-- (cascades from deleted posts, comments and accounts included) keeps it true.
CREATE FUNCTION inkwell_count_unread_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users u SET notifications_unread = u.notifications_unread + d.n
    FROM (SELECT user_id, count(*) AS n FROM new_rows WHERE in_app AND read_at IS NULL GROUP BY user_id) d
    WHERE u.id = d.user_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE users u SET notifications_unread = greatest(0, u.notifications_unread - d.n)
    FROM (SELECT user_id, count(*) AS n FROM old_rows WHERE in_app AND read_at IS NULL GROUP BY user_id) d
    WHERE u.id = d.user_id;
  ELSE
    UPDATE users u SET notifications_unread = greatest(0, u.notifications_unread + d.n)
    FROM (
      SELECT user_id, sum(delta) AS n FROM (
        SELECT user_id, 1 AS delta FROM new_rows WHERE in_app AND read_at IS NULL
        UNION ALL SELECT user_id, -1 FROM old_rows WHERE in_app AND read_at IS NULL
      ) c GROUP BY user_id HAVING sum(delta) <> 0
    ) d
    WHERE u.id = d.user_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_unread_insert AFTER INSERT ON notifications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_count_unread_notifications();
--> statement-breakpoint
CREATE TRIGGER notifications_unread_update AFTER UPDATE ON notifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_count_unread_notifications();
--> statement-breakpoint
CREATE TRIGGER notifications_unread_delete AFTER DELETE ON notifications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_count_unread_notifications();
--> statement-breakpoint
UPDATE users u SET notifications_unread = c.n
FROM (SELECT user_id, count(*) AS n FROM notifications WHERE in_app AND read_at IS NULL GROUP BY user_id) c
WHERE u.id = c.user_id;
