-- The catalog's version moved on every statement that touched a catalog table, even one that
-- changed no row: every stock move relabels its products (`... where availability is distinct
-- from the new label`), which changes nothing unless a piece sells out or runs low, yet each moved
-- the version, so every purchase emptied the search caches and the PIN check's memory. Now a
-- statement moves it only when it inserted, changed or deleted a row (transition tables; PostgreSQL
-- allows one event per trigger with them). TRUNCATE keeps the unconditional bump.
-- product_sizes keeps its trigger: it fires only on UPDATE OF size, position, retired_at (owner's
-- edits), never on a count.
CREATE FUNCTION bump_catalog_version_if_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed) THEN
    UPDATE catalog_version SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER products_bump_version ON products;
--> statement-breakpoint
CREATE TRIGGER products_bump_version_insert AFTER INSERT ON products REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER products_bump_version_update AFTER UPDATE ON products REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER products_bump_version_delete AFTER DELETE ON products REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER products_bump_version_truncate AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
DROP TRIGGER categories_bump_version ON categories;
--> statement-breakpoint
CREATE TRIGGER categories_bump_version_insert AFTER INSERT ON categories REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER categories_bump_version_update AFTER UPDATE ON categories REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER categories_bump_version_delete AFTER DELETE ON categories REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER categories_bump_version_truncate AFTER TRUNCATE ON categories
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
DROP TRIGGER collections_bump_version ON collections;
--> statement-breakpoint
CREATE TRIGGER collections_bump_version_insert AFTER INSERT ON collections REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER collections_bump_version_update AFTER UPDATE ON collections REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER collections_bump_version_delete AFTER DELETE ON collections REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER collections_bump_version_truncate AFTER TRUNCATE ON collections
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
DROP TRIGGER product_categories_bump_version ON product_categories;
--> statement-breakpoint
CREATE TRIGGER product_categories_bump_version_insert AFTER INSERT ON product_categories REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER product_categories_bump_version_update AFTER UPDATE ON product_categories REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER product_categories_bump_version_delete AFTER DELETE ON product_categories REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER product_categories_bump_version_truncate AFTER TRUNCATE ON product_categories
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
DROP TRIGGER product_collections_bump_version ON product_collections;
--> statement-breakpoint
CREATE TRIGGER product_collections_bump_version_insert AFTER INSERT ON product_collections REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER product_collections_bump_version_update AFTER UPDATE ON product_collections REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER product_collections_bump_version_delete AFTER DELETE ON product_collections REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER product_collections_bump_version_truncate AFTER TRUNCATE ON product_collections
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
DROP TRIGGER size_lists_bump_version ON size_lists;
--> statement-breakpoint
CREATE TRIGGER size_lists_bump_version_insert AFTER INSERT ON size_lists REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER size_lists_bump_version_update AFTER UPDATE ON size_lists REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER size_lists_bump_version_delete AFTER DELETE ON size_lists REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER size_lists_bump_version_truncate AFTER TRUNCATE ON size_lists
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
