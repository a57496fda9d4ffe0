CREATE TABLE "order_status_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"tracking_number" text,
	"changed_by" uuid,
	"changed_by_email" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "import_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_changes_order" ON "order_status_changes" USING btree ("order_id","changed_at");--> statement-breakpoint
CREATE INDEX "orders_created" ON "orders" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_created" ON "orders" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_import_key_unique" UNIQUE("import_key");--> statement-breakpoint
-- A hidden product (deleted by the owner while orders name it) leaves search with the rest of the
-- shop: its search row goes, and comes back if it is ever shown again.
CREATE OR REPLACE FUNCTION products_sync_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_search s USING changed_products p WHERE s.product_id = p.id AND p.hidden_at IS NOT NULL;
  INSERT INTO product_search (product_id, name, text, featured)
  SELECT p.id, lower(p.name), product_search_text(p.id, p.name), p.featured FROM changed_products p WHERE p.hidden_at IS NULL
  ON CONFLICT (product_id) DO UPDATE SET name = excluded.name, text = excluded.text, featured = excluded.featured;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The trigger for category/collection links updates only rows that exist, so hidden products stay out.
-- The owner's product table searches names case-insensitively, hidden products included.
CREATE INDEX products_name_trgm ON products USING gin (lower(name) gin_trgm_ops);
