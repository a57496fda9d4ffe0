ALTER TABLE "payment_issues" DROP CONSTRAINT "payment_issues_kind_check";--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "payment_issues" ADD CONSTRAINT "payment_issues_kind_check" CHECK ("payment_issues"."kind" in ('order_cancelled', 'order_expired', 'second_payment', 'payment_reused', 'order_refund'));--> statement-breakpoint
-- A shopper reads the refunds of their own orders (issue 17): the rows whose order row-level
-- security lets them see. Writing stays the server's.
GRANT SELECT ON payment_issues TO vastra_shopper;
--> statement-breakpoint
ALTER TABLE payment_issues ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY payment_issues_own_read ON payment_issues FOR SELECT TO vastra_shopper
  USING (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id));
--> statement-breakpoint
-- The owner's SQL console sees every row of a table with RLS on (as 0012 did for the tables then);
-- stock_alerts (0017) was missed then and is given its policy here.
CREATE POLICY console_all ON payment_issues TO vastra_console_reader, vastra_console_writer USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY console_all ON stock_alerts TO vastra_console_reader, vastra_console_writer USING (true) WITH CHECK (true);
