CREATE TABLE "safety_sets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"blocked_users" "int4multirange",
	"blocked_accounts" "int4multirange",
	"muted_accounts" "int4multirange",
	"hidden_accounts" "int4multirange",
	"my_blocks" "int4multirange",
	"my_blocked_accounts" "int4multirange"
);
--> statement-breakpoint
ALTER TABLE "safety_sets" ADD CONSTRAINT "safety_sets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What each person must not see, one row each (db/safety.ts reads it by primary key instead of gathering blocks,
-- their owners' accounts and mutes in every statement). Rebuilt for the people a change touches, by the triggers
-- below, so every path (blocks, mutes, owners made or removed, cascades from deleted people and accounts) keeps
-- it true. Each person's row is rebuilt under an advisory lock on them, in a statement that starts after the lock
-- is held: a concurrent change to the same person is committed by then and seen, never overwritten.
CREATE FUNCTION inkwell_refresh_safety_sets(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  person integer;
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  FOR person IN SELECT DISTINCT x FROM unnest(ids) x WHERE x IS NOT NULL ORDER BY x LOOP
    PERFORM pg_advisory_xact_lock(4280, person);
  END LOOP;
  INSERT INTO safety_sets AS s (user_id, blocked_users, blocked_accounts, muted_accounts, hidden_accounts, my_blocks, my_blocked_accounts)
  SELECT u.id, bu.r, ba.r, ma.r,
         CASE WHEN ba.r IS NULL THEN ma.r WHEN ma.r IS NULL THEN ba.r ELSE ba.r + ma.r END,
         mb.r, mba.r
  FROM users u
  CROSS JOIN LATERAL (
    SELECT range_agg(int4range(b.x, b.x, '[]')) AS r FROM (
      SELECT blocked_id FROM user_blocks WHERE blocker_id = u.id
      UNION ALL SELECT blocker_id FROM user_blocks WHERE blocked_id = u.id) b(x)) bu
  CROSS JOIN LATERAL (
    SELECT range_agg(int4range(au.account_id, au.account_id, '[]')) AS r FROM account_users au
    WHERE au.role = 'owner' AND au.user_id IN (
      SELECT blocked_id FROM user_blocks WHERE blocker_id = u.id
      UNION ALL SELECT blocker_id FROM user_blocks WHERE blocked_id = u.id)) ba
  CROSS JOIN LATERAL (
    SELECT range_agg(int4range(m.account_id, m.account_id, '[]')) AS r FROM account_mutes m WHERE m.user_id = u.id) ma
  CROSS JOIN LATERAL (
    SELECT range_agg(int4range(b.blocked_id, b.blocked_id, '[]')) AS r FROM user_blocks b WHERE b.blocker_id = u.id) mb
  CROSS JOIN LATERAL (
    SELECT range_agg(int4range(au.account_id, au.account_id, '[]')) AS r FROM account_users au
    WHERE au.role = 'owner' AND au.user_id IN (SELECT blocked_id FROM user_blocks WHERE blocker_id = u.id)) mba
  WHERE u.id = ANY(ids) AND (bu.r IS NOT NULL OR ma.r IS NOT NULL)
  ON CONFLICT (user_id) DO UPDATE SET
    blocked_users = excluded.blocked_users, blocked_accounts = excluded.blocked_accounts,
    muted_accounts = excluded.muted_accounts, hidden_accounts = excluded.hidden_accounts,
    my_blocks = excluded.my_blocks, my_blocked_accounts = excluded.my_blocked_accounts;
  -- Nothing left to hide: no row (my_blocks is part of blocked_users).
  DELETE FROM safety_sets s WHERE s.user_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = s.user_id OR b.blocked_id = s.user_id)
    AND NOT EXISTS (SELECT 1 FROM account_mutes m WHERE m.user_id = s.user_id);
END $$;
--> statement-breakpoint
CREATE FUNCTION inkwell_safety_sets_blocks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM inkwell_refresh_safety_sets(ARRAY(SELECT blocker_id FROM new_rows UNION SELECT blocked_id FROM new_rows));
  ELSE
    PERFORM inkwell_refresh_safety_sets(ARRAY(SELECT blocker_id FROM old_rows UNION SELECT blocked_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION inkwell_safety_sets_mutes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM inkwell_refresh_safety_sets(ARRAY(SELECT DISTINCT user_id FROM new_rows));
  ELSE
    PERFORM inkwell_refresh_safety_sets(ARRAY(SELECT DISTINCT user_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An owner made or removed changes the accounts hidden from everyone in a block with them.
CREATE FUNCTION inkwell_safety_sets_owners() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owners integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    owners := ARRAY(SELECT DISTINCT user_id FROM new_rows WHERE role = 'owner');
  ELSIF TG_OP = 'DELETE' THEN
    owners := ARRAY(SELECT DISTINCT user_id FROM old_rows WHERE role = 'owner');
  ELSE
    owners := ARRAY(
      SELECT n.user_id FROM new_rows n WHERE n.role = 'owner'
      UNION SELECT o.user_id FROM old_rows o WHERE o.role = 'owner');
  END IF;
  IF cardinality(owners) > 0 THEN
    PERFORM inkwell_refresh_safety_sets(ARRAY(
      SELECT b.blocker_id FROM user_blocks b WHERE b.blocked_id = ANY(owners)
      UNION SELECT b.blocked_id FROM user_blocks b WHERE b.blocker_id = ANY(owners)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER safety_sets_blocks_insert AFTER INSERT ON user_blocks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_safety_sets_blocks();
--> statement-breakpoint
CREATE TRIGGER safety_sets_blocks_delete AFTER DELETE ON user_blocks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_safety_sets_blocks();
--> statement-breakpoint
CREATE TRIGGER safety_sets_mutes_insert AFTER INSERT ON account_mutes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_safety_sets_mutes();
--> statement-breakpoint
CREATE TRIGGER safety_sets_mutes_delete AFTER DELETE ON account_mutes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_safety_sets_mutes();
--> statement-breakpoint
CREATE TRIGGER safety_sets_owners_insert AFTER INSERT ON account_users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_safety_sets_owners();
--> statement-breakpoint
CREATE TRIGGER safety_sets_owners_update AFTER UPDATE ON account_users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_safety_sets_owners();
--> statement-breakpoint
CREATE TRIGGER safety_sets_owners_delete AFTER DELETE ON account_users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inkwell_safety_sets_owners();
--> statement-breakpoint
SELECT inkwell_refresh_safety_sets(ARRAY(
  SELECT blocker_id FROM user_blocks UNION SELECT blocked_id FROM user_blocks UNION SELECT user_id FROM account_mutes));
