-- Drawn pages kept in memory (issue 19) show more than the catalog's version covers: how many of a
-- size are left (a count, which moves on every purchase and never moves the version, 0021), and the
-- owner's settings (free shipping, prices with GST, the low-stock mark). A change to either says so
-- on `vastra_shop`, and each app server drops the pages it touches: for stock, the payload names the
-- products whose counts moved (only their pages go); empty, it means "anything" (settings, TRUNCATE,
-- or more products than a payload holds).
CREATE FUNCTION notify_shop_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vastra_shop', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notify_stock_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  SELECT string_agg(DISTINCT product_id::text, ',') INTO ids FROM changed;
  -- NOTIFY's payload holds under 8,000 bytes; a bigger change drops every page instead.
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('vastra_shop', CASE WHEN length(ids) < 7000 THEN ids ELSE '' END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_sizes_notify_insert AFTER INSERT ON product_sizes REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION notify_stock_changed();
--> statement-breakpoint
CREATE TRIGGER product_sizes_notify_update AFTER UPDATE ON product_sizes REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION notify_stock_changed();
--> statement-breakpoint
CREATE TRIGGER product_sizes_notify_delete AFTER DELETE ON product_sizes REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION notify_stock_changed();
--> statement-breakpoint
CREATE TRIGGER product_sizes_notify_truncate AFTER TRUNCATE ON product_sizes
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER pricing_settings_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pricing_settings
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER tax_settings_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tax_settings
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER delivery_settings_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON delivery_settings
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
