CREATE TABLE "courier_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_settings_one_row" CHECK ("courier_settings"."id")
);
--> statement-breakpoint
CREATE TABLE "order_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"step" text NOT NULL,
	"channel" text NOT NULL,
	"summary" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_messages_channel_check" CHECK ("order_messages"."channel" in ('email', 'whatsapp', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "shipment_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"code" text NOT NULL,
	"step" text,
	"activity" text NOT NULL,
	"place" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"courier" text NOT NULL,
	"reference" text NOT NULL,
	"provider_order_id" text,
	"provider_shipment_id" text,
	"awb" text,
	"carrier" text,
	"label_url" text,
	"pickup_requested_at" timestamp with time zone,
	"weight_grams" integer NOT NULL,
	"booking_until" timestamp with time zone,
	"step" text DEFAULT 'booking' NOT NULL,
	"last_scan_at" timestamp with time zone,
	"heard_at" timestamp with time zone,
	"expected_on" text,
	"attempt_failed_at" timestamp with time zone,
	"decision" text,
	"decided_at" timestamp with time zone,
	"decided_by_email" text,
	"booked_by" uuid,
	"booked_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "shipments_step_check" CHECK (step in ('booking', 'booked', 'picked_up', 'in_transit', 'out_for_delivery', 'attempt_failed', 'delivered', 'returning', 'returned', 'cancelled')),
	CONSTRAINT "shipments_courier_check" CHECK ("shipments"."courier" in ('shiprocket', 'delhivery', 'manual')),
	CONSTRAINT "shipments_weight_check" CHECK ("shipments"."weight_grams" > 0 and "shipments"."weight_grams" <= 100000),
	CONSTRAINT "shipments_decision_check" CHECK ("shipments"."decision" is null or "shipments"."decision" in ('reattempt', 'return'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_scans" ADD CONSTRAINT "shipment_scans_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_messages_once" ON "order_messages" USING btree ("order_id","step","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_scans_once" ON "shipment_scans" USING btree ("shipment_id","at","code");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_live" ON "shipments" USING btree ("order_id") WHERE "shipments"."step" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_courier_awb" ON "shipments" USING btree ("courier","awb") WHERE "shipments"."awb" is not null;--> statement-breakpoint
CREATE INDEX "shipments_open" ON "shipments" USING btree ("heard_at") WHERE "shipments"."step" not in ('delivered', 'returned', 'cancelled');--> statement-breakpoint
-- A shopper sees the parcels of their own orders on /orders, read in their own transaction (the
-- subquery sees only their orders); the courier's side of it is the server's own work.
GRANT SELECT ON shipments, shipment_scans TO vastra_shopper;
--> statement-breakpoint
ALTER TABLE shipments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY shipments_own_read ON shipments FOR SELECT TO vastra_shopper
  USING (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id));
--> statement-breakpoint
ALTER TABLE shipment_scans ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY shipment_scans_own_read ON shipment_scans FOR SELECT TO vastra_shopper
  USING (EXISTS (SELECT 1 FROM shipments s WHERE s.id = shipment_id));
--> statement-breakpoint
-- The owner's SQL console reads all of it (0012, 0020): every row, whatever row-level security says.
GRANT SELECT ON courier_settings, shipments, shipment_scans, order_messages TO vastra_console_reader, vastra_console_writer;
--> statement-breakpoint
CREATE POLICY console_all ON shipments TO vastra_console_reader, vastra_console_writer USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY console_all ON shipment_scans TO vastra_console_reader, vastra_console_writer USING (true) WITH CHECK (true);
--> statement-breakpoint
-- Orders delivered (or completed) before delivery times were kept: their last change is the best
-- time known. From now on the courier's delivered scan or the owner's step sets it.
UPDATE orders SET delivered_at = updated_at WHERE status IN ('delivered', 'completed') AND delivered_at IS NULL;
