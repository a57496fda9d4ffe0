CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"product_size_id" integer NOT NULL,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "stock_alerts_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_size_id_product_sizes_id_fk" FOREIGN KEY ("product_size_id") REFERENCES "public"."product_sizes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_waiting" ON "stock_alerts" USING btree ("user_id","product_size_id") WHERE "stock_alerts"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_size_waiting" ON "stock_alerts" USING btree ("product_size_id") WHERE "stock_alerts"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_user" ON "stock_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
-- A shopper asks, reads and withdraws only their own requests (as 0008 for likes); the mail and the
-- unsubscribe link are the server's work, as the tables' owner. Nothing about a request is edited by
-- the shopper: the server marks it mailed.
GRANT SELECT, INSERT, DELETE ON stock_alerts TO vastra_shopper;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE stock_alerts_id_seq TO vastra_shopper;
--> statement-breakpoint
ALTER TABLE stock_alerts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY stock_alerts_own ON stock_alerts TO vastra_shopper
  USING (user_id = nullif(current_setting('app.user_id', true), '')::uuid)
  WITH CHECK (user_id = nullif(current_setting('app.user_id', true), '')::uuid);
