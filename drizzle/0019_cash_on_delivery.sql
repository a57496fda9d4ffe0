ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placement_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_placement" ON "orders" USING btree ("user_id","placement_key") WHERE "orders"."placement_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_open_cod" ON "orders" USING btree ("user_id") WHERE "orders"."payment_method" = 'cod' and "orders"."payment_status" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('online', 'cod') and "orders"."cod_fee" >= 0 and ("orders"."payment_method" = 'cod' or "orders"."cod_fee" = 0));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'processing', 'shipped', 'delivered', 'completed', 'cancelled', 'failed', 'expired', 'returned'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_check" CHECK (("orders"."payment_status" = 'paid') = ("orders"."paid_at" is not null and ("orders"."payment_id" is not null or "orders"."payment_method" = 'cod')));