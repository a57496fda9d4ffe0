CREATE TABLE "invoice_series" (
	"kind" text NOT NULL,
	"fy_start" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_series_kind_fy_start_pk" PRIMARY KEY("kind","fy_start"),
	CONSTRAINT "invoice_series_kind_check" CHECK ("invoice_series"."kind" in ('invoice', 'credit_note'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"fy_start" integer NOT NULL,
	"seq" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"document" jsonb NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_number_check" CHECK (length("invoices"."number") <= 16 and "invoices"."number" ~ '^[A-Z0-9/-]+$')
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_kind" ON "invoices" USING btree ("order_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_seq" ON "invoices" USING btree ("kind","fy_start","seq");--> statement-breakpoint
-- Issued invoices never change (CGST Rules: a mistake is put right by a credit note, not an edit).
CREATE FUNCTION invoices_never_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an issued invoice or credit note cannot be changed or deleted' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_never_change BEFORE UPDATE OR DELETE ON invoices
FOR EACH ROW EXECUTE FUNCTION invoices_never_change();
--> statement-breakpoint
-- A shopper reads the invoices of their own orders: the rows whose order row-level security lets
-- them see (as payment_issues, 0020). Issuing stays the server's.
GRANT SELECT ON invoices TO vastra_shopper;
--> statement-breakpoint
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY invoices_own_read ON invoices FOR SELECT TO vastra_shopper
  USING (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id));
--> statement-breakpoint
CREATE POLICY console_all ON invoices TO vastra_console_reader, vastra_console_writer USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The owner's SQL console reads them (the trigger above keeps its write mode from changing one).
GRANT SELECT ON invoices, invoice_series, tax_settings TO vastra_console_reader, vastra_console_writer;
