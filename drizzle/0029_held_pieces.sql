CREATE INDEX "orders_held" ON "orders" USING btree ("created_at") WHERE "orders"."stock_state" = 'held';--> statement-breakpoint
-- A held piece that is paid for stays off the stock (its count does not move), but the product page
-- no longer says it is only in someone's cart: the kept pages of its products are dropped, as for a
-- count that moved (0027's payload: the products' ids).
CREATE FUNCTION notify_hold_sold() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  SELECT string_agg(DISTINCT product_id::text, ',') INTO ids FROM order_items WHERE order_id = NEW.id AND product_id IS NOT NULL;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('vastra_shop', CASE WHEN length(ids) < 7000 THEN ids ELSE '' END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_hold_sold_notify AFTER UPDATE OF stock_state ON orders
FOR EACH ROW WHEN (OLD.stock_state = 'held' AND NEW.stock_state = 'sold')
EXECUTE FUNCTION notify_hold_sold();
