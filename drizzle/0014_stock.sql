CREATE TABLE "product_sizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"size" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_sizes_stock_check" CHECK ("product_sizes"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_size_id" integer NOT NULL,
	"change" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"actor_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_change_check" CHECK ("stock_movements"."change" <> 0),
	CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."reason" in ('reserved', 'released', 'sold', 'cancelled', 'restocked', 'corrected', 'imported'))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "size" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_size_id_product_sizes_id_fk" FOREIGN KEY ("product_size_id") REFERENCES "public"."product_sizes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_sizes_product_size" ON "product_sizes" USING btree ("product_id","size");--> statement-breakpoint
CREATE INDEX "stock_movements_size" ON "stock_movements" USING btree ("product_size_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_order" ON "stock_movements" USING btree ("order_id") WHERE "stock_movements"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_stock_state_check" CHECK ("orders"."stock_state" in ('none', 'held', 'released', 'sold', 'returned'));--> statement-breakpoint
-- Every product has at least one size: a new one starts as one size with nothing in stock, until
-- the owner (or the import, or the seed) says how many there are, through the stock module.
CREATE FUNCTION product_sizes_first() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO product_sizes (product_id, size) VALUES (NEW.id, 'One size');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_first_size AFTER INSERT ON products FOR EACH ROW EXECUTE FUNCTION product_sizes_first();
--> statement-breakpoint
-- Opening stock for the shop as it was: the owner's label read as a count that gives the same label
-- (docs/decisions/0018), with a ledger row for each, so the count equals the ledger's sum from the start.
INSERT INTO product_sizes (product_id, size, stock)
SELECT id, 'One size', CASE availability WHEN 'Out of Stock' THEN 0 WHEN 'Only a few left' THEN 2 ELSE 10 END FROM products;
--> statement-breakpoint
INSERT INTO stock_movements (product_size_id, change, reason, note)
SELECT id, stock, 'corrected', 'opening stock' FROM product_sizes WHERE stock > 0;
--> statement-breakpoint
-- The server alone writes these (shoppers are granted nothing); the SQL console reads them
-- (docs/decisions/0012: a table added after 0012 says so itself).
GRANT SELECT ON product_sizes, stock_movements TO vastra_console_reader, vastra_console_writer;
