DROP INDEX "shipments_order_live";--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "kind" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "return_request_id" uuid;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_return_live" ON "shipments" USING btree ("return_request_id","kind") WHERE "shipments"."step" <> 'cancelled' and "shipments"."return_request_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_live" ON "shipments" USING btree ("order_id") WHERE "shipments"."step" <> 'cancelled' and "shipments"."kind" = 'order';--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_kind_check" CHECK (("shipments"."kind" = 'order' and "shipments"."return_request_id" is null) or ("shipments"."kind" in ('pickup', 'exchange') and "shipments"."return_request_id" is not null));