CREATE TABLE "review_asks" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_asks" ADD CONSTRAINT "review_asks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The asks are the server's alone, as review_events and review_settings are (0043): no shopper
-- reads them (no grant, so no policy), and the owner's SQL console reads them (0012, 0020).
GRANT SELECT ON review_asks TO vastra_console_reader, vastra_console_writer;
