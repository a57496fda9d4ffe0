CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"unit_price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total" integer NOT NULL,
	CONSTRAINT "order_items_check" CHECK ("order_items"."quantity" > 0 and "order_items"."unit_price" >= 0 and "order_items"."line_total" = "order_items"."unit_price" * "order_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text DEFAULT 'VA' || nextval('order_number_seq')::text NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"source" text NOT NULL,
	"payment_provider" text NOT NULL,
	"provider_order_id" text,
	"payment_id" text,
	"address_id" uuid,
	"address_json" jsonb NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"subtotal" integer NOT NULL,
	"gst_amount" integer NOT NULL,
	"gst_rate_bp" integer NOT NULL,
	"prices_include_gst" boolean NOT NULL,
	"shipping_charges" integer NOT NULL,
	"total" integer NOT NULL,
	"shipping_method" text DEFAULT 'Standard Delivery' NOT NULL,
	"paid_at" timestamp with time zone,
	"checkout_fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "orders_provider_order_id_unique" UNIQUE("provider_order_id"),
	CONSTRAINT "orders_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'processing', 'shipped', 'delivered', 'completed', 'cancelled', 'failed')),
	CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('pending', 'paid', 'failed')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."subtotal" > 0 and "orders"."gst_amount" >= 0 and "orders"."shipping_charges" >= 0 and "orders"."total" >= 100),
	CONSTRAINT "orders_paid_check" CHECK (("orders"."payment_status" = 'paid') = ("orders"."payment_id" is not null and "orders"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event" text NOT NULL,
	"provider_order_id" text,
	"payment_id" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_settings" (
	"setting_name" text PRIMARY KEY NOT NULL,
	"setting_value" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_order" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_created" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_user_fingerprint" ON "orders" USING btree ("user_id","checkout_fingerprint") WHERE "orders"."payment_status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_pending" ON "orders" USING btree ("created_at") WHERE "orders"."payment_status" = 'pending';