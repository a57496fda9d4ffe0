CREATE TABLE "store_credit_spends" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"credit_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"given_back" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_spends_amount" CHECK ("store_credit_spends"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_check";--> statement-breakpoint
-- A request may give money back two ways (to the payment, and as credit for what credit paid).
ALTER TABLE "return_refunds" DROP CONSTRAINT "return_refunds_pkey";--> statement-breakpoint
ALTER TABLE "return_refunds" ADD CONSTRAINT "return_refunds_request_id_way_pk" PRIMARY KEY("request_id","way");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_credit_spends" ADD CONSTRAINT "store_credit_spends_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_spends" ADD CONSTRAINT "store_credit_spends_credit_id_store_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."store_credits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_spends_once" ON "store_credit_spends" USING btree ("order_id","credit_id");--> statement-breakpoint
CREATE INDEX "store_credit_spends_credit" ON "store_credit_spends" USING btree ("credit_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credit_check" CHECK ("orders"."credit_used" >= 0 and ("orders"."credit_used" = "orders"."total" or "orders"."total" - "orders"."credit_used" >= 100));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_check" CHECK (("orders"."payment_status" = 'paid') = ("orders"."paid_at" is not null and ("orders"."payment_id" is not null or "orders"."payment_method" = 'cod' or "orders"."credit_used" = "orders"."total")));--> statement-breakpoint
-- Spending is the server's; the owner's SQL console reads it (0012, 0020).
GRANT SELECT ON store_credit_spends TO vastra_console_reader, vastra_console_writer;
--> statement-breakpoint
ALTER TABLE store_credit_spends ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY console_all ON store_credit_spends TO vastra_console_reader, vastra_console_writer USING (true) WITH CHECK (true);