-- Pushed invalidation (issue 19): every app server keeps the catalog version in memory and hears
-- it move, instead of reading it on every request. The version row is moved by every catalog
-- write (0002, 0021), so one trigger on that row covers them all, TRUNCATE's bump included.
-- NOTIFY is delivered when the writing transaction commits, never for one that rolls back.
CREATE FUNCTION notify_catalog_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vastra_catalog', NEW.version::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER catalog_version_notify AFTER UPDATE ON catalog_version
FOR EACH ROW EXECUTE FUNCTION notify_catalog_version();
--> statement-breakpoint
-- Likes are not catalog writes (they would empty every cache on each tap) but the lists show their
-- counts and Best Seller is ordered by them: a statement that may have changed one says so, and
-- the servers drop the answers that carry counts.
CREATE FUNCTION notify_likes_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vastra_likes', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_likes_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_likes
FOR EACH STATEMENT EXECUTE FUNCTION notify_likes_changed();
