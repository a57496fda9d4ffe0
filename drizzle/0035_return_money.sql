CREATE TABLE "return_refunds" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"way" text NOT NULL,
	"amount" integer NOT NULL,
	"payment_id" text,
	"status" text NOT NULL,
	"provider_refund_id" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_refunds_amount" CHECK ("return_refunds"."amount" > 0),
	CONSTRAINT "return_refunds_way" CHECK ("return_refunds"."way" in ('source', 'store_credit')),
	CONSTRAINT "return_refunds_status" CHECK ("return_refunds"."status" in ('due', 'pending', 'processed', 'failed')),
	CONSTRAINT "return_refunds_source_payment" CHECK ("return_refunds"."way" <> 'source' or "return_refunds"."payment_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "store_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"request_id" uuid,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credits_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "store_credits_amount" CHECK ("store_credits"."amount" > 0),
	CONSTRAINT "store_credits_remaining" CHECK ("store_credits"."remaining" >= 0 and "store_credits"."remaining" <= "store_credits"."amount")
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason_check";--> statement-breakpoint
DROP INDEX "invoices_order_kind";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "return_request_id" uuid;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "pickup" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refund_paise" integer;--> statement-breakpoint
ALTER TABLE "return_refunds" ADD CONSTRAINT "return_refunds_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_refunds" ADD CONSTRAINT "return_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credits" ADD CONSTRAINT "store_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credits" ADD CONSTRAINT "store_credits_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_refunds_order" ON "return_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_refunds_due" ON "return_refunds" USING btree ("created_at") WHERE "return_refunds"."status" = 'due';--> statement-breakpoint
CREATE INDEX "store_credits_user" ON "store_credits" USING btree ("user_id","expires_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_return_request" ON "invoices" USING btree ("return_request_id") WHERE "invoices"."return_request_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_kind" ON "invoices" USING btree ("order_id","kind") WHERE "invoices"."return_request_id" is null;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."reason" in ('reserved', 'released', 'sold', 'cancelled', 'restocked', 'corrected', 'imported', 'returned'));--> statement-breakpoint
-- A shopper reads their own refunds and store credit in their own transaction (as 0034); granting,
-- spending and refunding are the server's.
GRANT SELECT ON return_refunds, store_credits TO vastra_shopper;
--> statement-breakpoint
ALTER TABLE return_refunds ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY return_refunds_own_read ON return_refunds FOR SELECT TO vastra_shopper
  USING (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id));
--> statement-breakpoint
ALTER TABLE store_credits ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_credits_own_read ON store_credits FOR SELECT TO vastra_shopper
  USING (user_id = nullif(current_setting('app.user_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT ON return_refunds, store_credits TO vastra_console_reader, vastra_console_writer;
--> statement-breakpoint
CREATE POLICY console_all ON return_refunds TO vastra_console_reader, vastra_console_writer USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY console_all ON store_credits TO vastra_console_reader, vastra_console_writer USING (true) WITH CHECK (true);
