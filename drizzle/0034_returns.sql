CREATE TABLE "return_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"state" text NOT NULL,
	"by_user_id" uuid,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"exchange_size" text,
	"held" boolean DEFAULT false NOT NULL,
	CONSTRAINT "return_lines_quantity" CHECK ("return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"request_id" uuid,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"resolution" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"owner_note" text,
	"hold_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_settings_one_row" CHECK ("return_settings"."id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "final_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_events_request" ON "return_events" USING btree ("request_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "return_lines_once" ON "return_lines" USING btree ("request_id","order_item_id");--> statement-breakpoint
CREATE INDEX "return_lines_item" ON "return_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "return_photos_user" ON "return_photos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "return_photos_request" ON "return_photos" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "return_requests_order" ON "return_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_requests_open" ON "return_requests" USING btree ("state") WHERE "return_requests"."state" in ('requested', 'approved', 'pickup_booked', 'picked_up', 'received', 'passed');--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_state" CHECK ("state" IN ('requested', 'approved', 'pickup_booked', 'picked_up', 'received', 'passed', 'refused', 'failed', 'refunded', 'exchange_shipped', 'lapsed'));--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_reason" CHECK ("reason" IN ('too_small', 'too_large', 'colour', 'damaged', 'wrong_piece', 'quality', 'changed_mind'));--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_resolution" CHECK ("resolution" IN ('refund', 'exchange'));--> statement-breakpoint
-- A shopper reads the requests of their own orders, in their own transaction (the subquery sees
-- only their orders); making and moving them is the server's work, after it has read the order as them.
GRANT SELECT ON return_requests, return_lines, return_events, return_photos TO vastra_shopper;
--> statement-breakpoint
ALTER TABLE return_requests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY return_requests_own_read ON return_requests FOR SELECT TO vastra_shopper
  USING (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id));
--> statement-breakpoint
ALTER TABLE return_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY return_lines_own_read ON return_lines FOR SELECT TO vastra_shopper
  USING (EXISTS (SELECT 1 FROM return_requests r WHERE r.id = request_id));
--> statement-breakpoint
ALTER TABLE return_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY return_events_own_read ON return_events FOR SELECT TO vastra_shopper
  USING (EXISTS (SELECT 1 FROM return_requests r WHERE r.id = request_id));
--> statement-breakpoint
ALTER TABLE return_photos ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY return_photos_own_read ON return_photos FOR SELECT TO vastra_shopper
  USING (user_id = nullif(current_setting('app.user_id', true), '')::uuid);
--> statement-breakpoint
-- The owner's SQL console reads all of it (0012, 0020).
GRANT SELECT ON return_settings, return_requests, return_lines, return_events, return_photos TO vastra_console_reader, vastra_console_writer;
--> statement-breakpoint
CREATE POLICY console_all ON return_requests TO vastra_console_reader, vastra_console_writer USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY console_all ON return_lines TO vastra_console_reader, vastra_console_writer USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY console_all ON return_events TO vastra_console_reader, vastra_console_writer USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY console_all ON return_photos TO vastra_console_reader, vastra_console_writer USING (true) WITH CHECK (true);
