-- product_search holds, per product, lower(name) and lower(name plus its category and collection
-- names): design.md's search scope (the home tiles search "Festive", "Bridal", ... which are
-- collection and category names). Triggers keep it right however a row changes, so no code path
-- can forget it; they run per statement, so bulk writes (seeding, imports) cost one update each.
CREATE FUNCTION product_search_text(pid integer, pname text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(' ', pname,
    (SELECT string_agg(c.name, ' ' ORDER BY c.name) FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = pid),
    (SELECT string_agg(k.name, ' ' ORDER BY k.name) FROM product_collections pk JOIN collections k ON k.id = pk.collection_id WHERE pk.product_id = pid)))
$$;
--> statement-breakpoint
CREATE FUNCTION products_sync_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (product_id, name, text, featured)
  SELECT p.id, lower(p.name), product_search_text(p.id, p.name), p.featured FROM changed_products p
  ON CONFLICT (product_id) DO UPDATE SET name = excluded.name, text = excluded.text, featured = excluded.featured;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_added_search AFTER INSERT ON products
REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION products_sync_search();
--> statement-breakpoint
CREATE TRIGGER products_changed_search AFTER UPDATE ON products
REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION products_sync_search();
--> statement-breakpoint
CREATE FUNCTION links_refresh_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Rows already right (their links were written with the product) are left alone: no dead tuples.
  UPDATE product_search s SET text = product_search_text(p.id, p.name)
  FROM products p
  WHERE p.id = s.product_id AND p.id IN (SELECT product_id FROM changed_links)
    AND s.text IS DISTINCT FROM product_search_text(p.id, p.name);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_categories_added AFTER INSERT ON product_categories
REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION links_refresh_search();
--> statement-breakpoint
CREATE TRIGGER product_categories_removed AFTER DELETE ON product_categories
REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION links_refresh_search();
--> statement-breakpoint
CREATE TRIGGER product_collections_added AFTER INSERT ON product_collections
REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION links_refresh_search();
--> statement-breakpoint
CREATE TRIGGER product_collections_removed AFTER DELETE ON product_collections
REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION links_refresh_search();
--> statement-breakpoint
CREATE FUNCTION group_renamed_refresh_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'categories' THEN
    UPDATE product_search s SET text = product_search_text(p.id, p.name) FROM products p
    WHERE p.id = s.product_id AND p.id IN (SELECT pc.product_id FROM product_categories pc JOIN renamed r ON r.id = pc.category_id);
  ELSE
    UPDATE product_search s SET text = product_search_text(p.id, p.name) FROM products p
    WHERE p.id = s.product_id AND p.id IN (SELECT pk.product_id FROM product_collections pk JOIN renamed r ON r.id = pk.collection_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_renamed AFTER UPDATE ON categories
REFERENCING NEW TABLE AS renamed FOR EACH STATEMENT EXECUTE FUNCTION group_renamed_refresh_search();
--> statement-breakpoint
CREATE TRIGGER collections_renamed AFTER UPDATE ON collections
REFERENCING NEW TABLE AS renamed FOR EACH STATEMENT EXECUTE FUNCTION group_renamed_refresh_search();
--> statement-breakpoint
-- Any catalog write bumps one version number; app servers key their search caches on it.
INSERT INTO catalog_version (id, version) VALUES (1, 1);
--> statement-breakpoint
CREATE FUNCTION bump_catalog_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER categories_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER collections_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON collections
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER product_categories_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_categories
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER product_collections_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_collections
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
