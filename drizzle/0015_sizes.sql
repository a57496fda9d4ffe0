CREATE TABLE "size_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sizes" text[] NOT NULL,
	"measures" text[] DEFAULT '{}'::text[] NOT NULL,
	"chart" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "size_lists_name_unique" UNIQUE("name")
);
--> statement-breakpoint
DROP INDEX "cart_items_user_product";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_list_id" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "size" text DEFAULT 'One size' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size_list_id_size_lists_id_fk" FOREIGN KEY ("size_list_id") REFERENCES "public"."size_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_product_size" ON "cart_items" USING btree ("user_id","product_id","size");--> statement-breakpoint
-- Offering or retiring a size changes what cards and product pages say (cached per catalog
-- version); a count alone does not (the label that follows it is a write to products).
CREATE TRIGGER product_sizes_bump_version AFTER INSERT OR DELETE OR UPDATE OF size, position, retired_at ON product_sizes
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER size_lists_bump_version AFTER INSERT OR UPDATE OR DELETE ON size_lists
FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
-- The lists a boutique starts with, and their charts in inches (docs/decisions/0019); the owner
-- edits them. Bust 32 to 44 in over XS to 3XL, as Indian women's wear is usually cut.
INSERT INTO size_lists (name, sizes, measures, chart) VALUES
('Kurtas and suits', '{XS,S,M,L,XL,XXL,3XL}', '{Bust,Waist,Hip,Length}',
 '{"XS":[32,27,35,44],"S":[34,29,37,44],"M":[36,31,39,45],"L":[38,33,41,45],"XL":[40,35,43,46],"XXL":[42,37,45,46],"3XL":[44,39,47,46]}'),
('Lehengas', '{XS,S,M,L,XL,XXL}', '{Waist,Hip,"Skirt length"}',
 '{"XS":[26,35,40],"S":[28,37,41],"M":[30,39,41],"L":[32,41,42],"XL":[34,43,42],"XXL":[36,45,42]}'),
('Blouses', '{32,34,36,38,40,42,44}', '{Bust,"Under bust",Shoulder}',
 '{"32":[32,28,13.5],"34":[34,30,14],"36":[36,32,14.5],"38":[38,34,15],"40":[40,36,15.5],"42":[42,38,16],"44":[44,40,16.5]}'),
('Free size', '{"Free size"}', '{Bust,Length}', '{"Free size":[42,46]}');
--> statement-breakpoint
GRANT SELECT ON size_lists TO vastra_console_reader, vastra_console_writer;
--> statement-breakpoint
GRANT INSERT, UPDATE, DELETE ON size_lists TO vastra_console_writer;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE size_lists_id_seq TO vastra_console_writer;
