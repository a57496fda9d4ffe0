CREATE TABLE "review_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" uuid NOT NULL,
	"action" text NOT NULL,
	"by_user_id" uuid,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_helpful" (
	"review_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_helpful_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "review_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"review_id" uuid,
	"stem" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_settings_one_row" CHECK ("review_settings"."id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"order_item_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"fit" text,
	"size" text,
	"state" text NOT NULL,
	"held_for" text[] DEFAULT '{}'::text[] NOT NULL,
	"reject_reason" text,
	"reply" text,
	"replied_at" timestamp with time zone,
	"helpful" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "reviews_rating" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_fit" CHECK ("reviews"."fit" is null or "reviews"."fit" in ('small', 'true', 'large')),
	CONSTRAINT "reviews_state_known" CHECK ("reviews"."state" in ('pending', 'published', 'rejected', 'withdrawn')),
	CONSTRAINT "reviews_helpful" CHECK ("reviews"."helpful" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_events" ADD CONSTRAINT "review_events_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_events" ADD CONSTRAINT "review_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_helpful" ADD CONSTRAINT "review_helpful_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_helpful" ADD CONSTRAINT "review_helpful_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_events_review" ON "review_events" USING btree ("review_id","at");--> statement-breakpoint
CREATE INDEX "review_helpful_user" ON "review_helpful" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "review_photos_user" ON "review_photos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "review_photos_review" ON "review_photos" USING btree ("review_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_live" ON "reviews" USING btree ("user_id","product_id") WHERE "reviews"."state" in ('pending', 'published');--> statement-breakpoint
CREATE INDEX "reviews_product_published" ON "reviews" USING btree ("product_id","published_at") WHERE "reviews"."state" = 'published';--> statement-breakpoint
CREATE INDEX "reviews_state" ON "reviews" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "reviews_user" ON "reviews" USING btree ("user_id");--> statement-breakpoint
-- A shopper reads their own reviews, photographs and "helpful" marks in their own transaction;
-- writing them is the server's work, after it has read the shopper's orders as them (issue 51).
-- The product page's reviews are read by the server's own role, as the catalog is.
GRANT SELECT ON reviews, review_photos, review_helpful TO vastra_shopper;
--> statement-breakpoint
ALTER TABLE reviews ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY reviews_own_read ON reviews FOR SELECT TO vastra_shopper
  USING (user_id = nullif(current_setting('app.user_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE review_photos ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY review_photos_own_read ON review_photos FOR SELECT TO vastra_shopper
  USING (user_id = nullif(current_setting('app.user_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE review_helpful ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY review_helpful_own_read ON review_helpful FOR SELECT TO vastra_shopper
  USING (user_id = nullif(current_setting('app.user_id', true), '')::uuid);
--> statement-breakpoint
-- The owner's SQL console reads all of it (0012, 0020).
GRANT SELECT ON reviews, review_photos, review_helpful, review_events, review_settings TO vastra_console_reader, vastra_console_writer;
--> statement-breakpoint
CREATE POLICY console_all ON reviews TO vastra_console_reader, vastra_console_writer USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY console_all ON review_photos TO vastra_console_reader, vastra_console_writer USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY console_all ON review_helpful TO vastra_console_reader, vastra_console_writer USING (true) WITH CHECK (true);
