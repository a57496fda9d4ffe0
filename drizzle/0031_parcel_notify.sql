-- A parcel's tracking page is kept in memory like the catalog's pages (issue 48). It shows the
-- order's status and its parcel's scans: a change to either says so on `vastra_parcels`, with the
-- order's number, and each app server drops that order's kept tracking pages (catalog-watch.ts).
CREATE FUNCTION notify_parcel_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  number text;
BEGIN
  SELECT order_number INTO number FROM orders WHERE id = NEW.order_id;
  IF number IS NOT NULL THEN
    PERFORM pg_notify('vastra_parcels', number);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shipments_parcel_notify AFTER INSERT OR UPDATE ON shipments
FOR EACH ROW EXECUTE FUNCTION notify_parcel_changed();
--> statement-breakpoint
CREATE FUNCTION notify_order_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vastra_parcels', NEW.order_number);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_status_parcel_notify AFTER UPDATE OF status ON orders
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
EXECUTE FUNCTION notify_order_moved();
