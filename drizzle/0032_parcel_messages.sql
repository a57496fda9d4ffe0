ALTER TABLE "profiles" ADD COLUMN "parcel_messages_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_messages" ADD COLUMN "status" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_messages" ADD COLUMN "send_after" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_messages" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "order_messages" ADD COLUMN "error" text;--> statement-breakpoint
CREATE INDEX "order_messages_due" ON "order_messages" USING btree ("send_after") WHERE "order_messages"."status" = 'queued';--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_status_check" CHECK ("order_messages"."status" in ('queued', 'sent', 'failed'));--> statement-breakpoint
-- The shopper turns order updates on WhatsApp or SMS on (at checkout) and off (on the profile) in
-- their own transaction: the one more column of their row they may change (0004's grant).
GRANT UPDATE (parcel_messages_since) ON profiles TO vastra_shopper;
