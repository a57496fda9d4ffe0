CREATE TABLE "scan_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" uuid NOT NULL,
	"courier" text NOT NULL,
	"report" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "scan_reports" ADD CONSTRAINT "scan_reports_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_reports_due" ON "scan_reports" USING btree ("id") WHERE "scan_reports"."applied_at" is null;--> statement-breakpoint
GRANT SELECT ON scan_reports TO vastra_console_reader, vastra_console_writer;
