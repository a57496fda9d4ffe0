-- Issue 20: what a shopper narrows a list by. Each value comes from its list in
-- src/shared/attributes.ts (the checks below are those lists: a new value is a change there and a
-- new migration here); the shade's own name only beside a colour. Edits bump the catalog's version
-- through products' existing triggers (0026), so cached lists and kept pages turn over.
ALTER TABLE "products" ADD COLUMN "fabric" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "colour_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "occasions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weave" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_fabric_check" CHECK ("products"."fabric" is null or "products"."fabric" in ('silk', 'silk-cotton', 'cotton', 'linen', 'georgette', 'chiffon', 'crepe', 'organza', 'net', 'velvet', 'rayon'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_colour_check" CHECK ("products"."colour" is null or "products"."colour" in ('red', 'maroon', 'pink', 'orange', 'yellow', 'green', 'blue', 'purple', 'white', 'beige', 'gold', 'brown', 'grey', 'black', 'multicolour'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_colour_name_check" CHECK ("products"."colour_name" is null or ("products"."colour" is not null and char_length("products"."colour_name") between 1 and 40));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_occasions_check" CHECK ("products"."occasions" <@ array['festive', 'wedding', 'party', 'daily', 'office']::text[]);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weave_check" CHECK ("products"."weave" is null or "products"."weave" in ('zari', 'brocade', 'ikat', 'jamdani', 'handloom', 'bandhani', 'leheriya', 'block-print', 'kalamkari', 'ajrakh', 'printed', 'chikankari', 'embroidery', 'sequins', 'mirror-work', 'gota-patti', 'plain'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_origin_check" CHECK ("products"."origin" is null or "products"."origin" in ('banarasi', 'kanjeevaram', 'chanderi', 'maheshwari', 'paithani', 'patola', 'sambalpuri', 'pochampally', 'mysore', 'kasavu', 'bengal', 'kota-doria', 'bhagalpur', 'assam', 'lucknow', 'rajasthan', 'gujarat'));
