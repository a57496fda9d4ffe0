-- The search text of a product is its name plus the names of its categories and collections
-- (design.md: the home tiles search "Festive", "Bridal", ... which are collection and category names).
-- Triggers keep it right however a row changes, so no code path can forget it.
CREATE FUNCTION product_search_text(pid integer, pname text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT concat_ws(' ', pname,
    (SELECT string_agg(c.name, ' ' ORDER BY c.name) FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = pid),
    (SELECT string_agg(k.name, ' ' ORDER BY k.name) FROM product_collections pk JOIN collections k ON k.id = pk.collection_id WHERE pk.product_id = pid))
$$;
--> statement-breakpoint
CREATE FUNCTION products_set_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := product_search_text(NEW.id, NEW.name);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_text BEFORE INSERT OR UPDATE OF name ON products
FOR EACH ROW EXECUTE FUNCTION products_set_search_text();
--> statement-breakpoint
-- Links change in bulk (seeding, imports): one statement-level update per statement, not one per row.
CREATE FUNCTION links_refresh_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET search_text = product_search_text(p.id, p.name)
  WHERE p.id IN (SELECT product_id FROM changed_links);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_categories_added AFTER INSERT ON product_categories
REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION links_refresh_search_text();
--> statement-breakpoint
CREATE TRIGGER product_categories_removed AFTER DELETE ON product_categories
REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION links_refresh_search_text();
--> statement-breakpoint
CREATE TRIGGER product_collections_added AFTER INSERT ON product_collections
REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION links_refresh_search_text();
--> statement-breakpoint
CREATE TRIGGER product_collections_removed AFTER DELETE ON product_collections
REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION links_refresh_search_text();
--> statement-breakpoint
CREATE FUNCTION group_renamed_refresh_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'categories' THEN
    UPDATE products p SET search_text = product_search_text(p.id, p.name)
    WHERE p.id IN (SELECT pc.product_id FROM product_categories pc JOIN renamed r ON r.id = pc.category_id);
  ELSE
    UPDATE products p SET search_text = product_search_text(p.id, p.name)
    WHERE p.id IN (SELECT pk.product_id FROM product_collections pk JOIN renamed r ON r.id = pk.collection_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_renamed AFTER UPDATE ON categories
REFERENCING NEW TABLE AS renamed FOR EACH STATEMENT EXECUTE FUNCTION group_renamed_refresh_search_text();
--> statement-breakpoint
CREATE TRIGGER collections_renamed AFTER UPDATE ON collections
REFERENCING NEW TABLE AS renamed FOR EACH STATEMENT EXECUTE FUNCTION group_renamed_refresh_search_text();
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
