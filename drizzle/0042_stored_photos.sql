CREATE TABLE "stored_photos" (
	"stem" text PRIMARY KEY NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The photographs products already name (uploads before this table) are listed, so they stay.
INSERT INTO "stored_photos" ("stem")
SELECT DISTINCT substring(img from '^/images/products/(u-[0-9a-f]{20})\.webp$')
FROM "products", unnest(array_append("images", "thumbnail")) AS img
WHERE img ~ '^/images/products/u-[0-9a-f]{20}\.webp$'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
GRANT SELECT ON stored_photos TO vastra_console_reader, vastra_console_writer;
