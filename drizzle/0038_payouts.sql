ALTER TABLE "return_refunds" DROP CONSTRAINT "return_refunds_way";--> statement-breakpoint
ALTER TABLE "return_refunds" DROP CONSTRAINT "return_refunds_status";--> statement-breakpoint
ALTER TABLE "return_refunds" ADD COLUMN "fund_account_id" text;--> statement-breakpoint
ALTER TABLE "return_refunds" ADD COLUMN "payout_to" text;--> statement-breakpoint
ALTER TABLE "return_refunds" ADD COLUMN "payout_mode" text;--> statement-breakpoint
ALTER TABLE "return_refunds" ADD COLUMN "payout_key" text;--> statement-breakpoint
ALTER TABLE "return_refunds" ADD COLUMN "payout_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_refunds" ADD CONSTRAINT "return_refunds_payout_account" CHECK ("return_refunds"."way" <> 'payout' or "return_refunds"."status" = 'choosing' or ("return_refunds"."fund_account_id" is not null and "return_refunds"."payout_mode" is not null and "return_refunds"."payout_key" is not null));--> statement-breakpoint
ALTER TABLE "return_refunds" ADD CONSTRAINT "return_refunds_way" CHECK ("return_refunds"."way" in ('source', 'store_credit', 'payout'));--> statement-breakpoint
ALTER TABLE "return_refunds" ADD CONSTRAINT "return_refunds_status" CHECK ("return_refunds"."status" in ('choosing', 'due', 'pending', 'processed', 'failed'));