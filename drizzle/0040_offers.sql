CREATE TABLE "applied_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"count" integer NOT NULL,
	"prefix" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"batch_id" integer,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_codes_code" CHECK ("offer_codes"."code" ~ '^[A-Z0-9-]{4,20}$'),
	CONSTRAINT "offer_codes_uses" CHECK ("offer_codes"."uses" >= 0 and ("offer_codes"."max_uses" is null or "offer_codes"."uses" <= "offer_codes"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "offer_scope" (
	"offer_id" integer NOT NULL,
	"target" text NOT NULL,
	"target_id" integer NOT NULL,
	"included" boolean NOT NULL,
	CONSTRAINT "offer_scope_offer_id_target_target_id_pk" PRIMARY KEY("offer_id","target","target_id"),
	CONSTRAINT "offer_scope_target" CHECK ("offer_scope"."target" in ('product', 'category'))
);
--> statement-breakpoint
CREATE TABLE "offer_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"code" text,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"discount_paise" integer NOT NULL,
	"shipping_discount_paise" integer DEFAULT 0 NOT NULL,
	"given_back_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_uses_amounts" CHECK ("offer_uses"."discount_paise" >= 0 and "offer_uses"."shipping_discount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"mode" text NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"percent" integer,
	"cap_paise" integer,
	"flat_paise" integer,
	"min_order_paise" integer DEFAULT 0 NOT NULL,
	"min_pieces" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"per_shopper_max" integer DEFAULT 1,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"cod_allowed" boolean DEFAULT true NOT NULL,
	"include_sale_items" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_mode" CHECK ("offers"."mode" in ('code', 'automatic')),
	CONSTRAINT "offers_kind" CHECK ("offers"."kind" in ('product', 'order', 'shipping')),
	CONSTRAINT "offers_status" CHECK ("offers"."status" in ('active', 'paused', 'ended')),
	CONSTRAINT "offers_type" CHECK (("offers"."type" = 'percent' and "offers"."percent" between 1 and 90 and "offers"."flat_paise" is null and "offers"."kind" <> 'shipping' and ("offers"."cap_paise" is null or "offers"."cap_paise" > 0))
        or ("offers"."type" = 'flat' and "offers"."flat_paise" between 100 and 1000000 and "offers"."flat_paise" <= "offers"."min_order_paise" and "offers"."percent" is null and "offers"."cap_paise" is null and "offers"."kind" <> 'shipping')
        or ("offers"."type" = 'free_shipping' and "offers"."kind" = 'shipping' and "offers"."percent" is null and "offers"."flat_paise" is null and "offers"."cap_paise" is null)),
	CONSTRAINT "offers_terms" CHECK ("offers"."min_order_paise" >= 0 and "offers"."min_pieces" >= 0 and ("offers"."ends_at" is null or "offers"."ends_at" > "offers"."starts_at")),
	CONSTRAINT "offers_uses" CHECK ("offers"."uses" >= 0 and ("offers"."max_uses" is null or ("offers"."max_uses" > 0 and "offers"."uses" <= "offers"."max_uses")) and ("offers"."per_shopper_max" is null or "offers"."per_shopper_max" > 0))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offers" jsonb;--> statement-breakpoint
ALTER TABLE "applied_codes" ADD CONSTRAINT "applied_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_batches" ADD CONSTRAINT "offer_batches_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_batches" ADD CONSTRAINT "offer_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_codes" ADD CONSTRAINT "offer_codes_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_codes" ADD CONSTRAINT "offer_codes_batch_id_offer_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."offer_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_scope" ADD CONSTRAINT "offer_scope_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_uses" ADD CONSTRAINT "offer_uses_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_uses" ADD CONSTRAINT "offer_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_uses" ADD CONSTRAINT "offer_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_codes_offer" ON "offer_codes" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_uses_once" ON "offer_uses" USING btree ("order_id","offer_id");--> statement-breakpoint
CREATE INDEX "offer_uses_shopper" ON "offer_uses" USING btree ("offer_id","user_id") WHERE "offer_uses"."given_back_at" is null;--> statement-breakpoint
CREATE INDEX "offers_live" ON "offers" USING btree ("mode") WHERE "offers"."status" = 'active';--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_discount_check" CHECK ("order_items"."discount" >= 0 and "order_items"."discount" <= "order_items"."line_total");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_check" CHECK ("orders"."discount" >= 0 and "orders"."discount" < "orders"."subtotal" and "orders"."shipping_discount" >= 0);--> statement-breakpoint
-- The code a shopper applied is theirs to set and remove, in their own transaction (as 0008);
-- offers, codes and uses are the server's: read by the quote, counted by the placing transaction.
GRANT SELECT, INSERT, DELETE ON applied_codes TO vastra_shopper;
--> statement-breakpoint
GRANT UPDATE (code, applied_at) ON applied_codes TO vastra_shopper;
--> statement-breakpoint
ALTER TABLE applied_codes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY applied_codes_own ON applied_codes TO vastra_shopper
  USING (user_id = nullif(current_setting('app.user_id', true), '')::uuid)
  WITH CHECK (user_id = nullif(current_setting('app.user_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT ON offers, offer_scope, offer_batches, offer_codes, offer_uses, applied_codes TO vastra_console_reader, vastra_console_writer;
--> statement-breakpoint
CREATE POLICY console_all ON applied_codes TO vastra_console_reader, vastra_console_writer USING (true) WITH CHECK (true);
