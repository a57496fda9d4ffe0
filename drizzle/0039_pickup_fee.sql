ALTER TABLE "invoice_series" DROP CONSTRAINT "invoice_series_kind_check";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_kind_check";--> statement-breakpoint
DROP INDEX "invoices_return_request";--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "pickup_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_return_request_kind" ON "invoices" USING btree ("return_request_id","kind") WHERE "invoices"."return_request_id" is not null;--> statement-breakpoint
ALTER TABLE "invoice_series" ADD CONSTRAINT "invoice_series_kind_check" CHECK ("invoice_series"."kind" in ('invoice', 'credit_note', 'service_invoice'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit_note', 'service_invoice'));--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_pickup_fee" CHECK ("return_requests"."pickup_fee_paise" >= 0);