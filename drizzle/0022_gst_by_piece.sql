ALTER TABLE "products" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_rule" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gst_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "taxable_value" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gst_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gst_by_rate" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charges_gst_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hsn_code_check" CHECK ("products"."hsn_code" is null or "products"."hsn_code" ~ '^[0-9]{4}([0-9]{2}){0,2}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_rule_check" CHECK (("products"."tax_rule" is null and "products"."tax_rate_bp" is null) or ("products"."tax_rule" = 'apparel' and "products"."tax_rate_bp" is null) or ("products"."tax_rule" = 'fixed' and "products"."tax_rate_bp" between 0 and 2800));--> statement-breakpoint
-- GST by piece (issue 18): apparel by value since 22 September 2025 (notification 9/2025-Central
-- Tax (Rate)): 5% up to ₹2,500 a piece before GST, 18% above; settings, because the law changes.
INSERT INTO "pricing_settings" ("setting_name", "setting_value", "description") VALUES
  ('apparel_threshold', '2500.00', 'Apparel by value: a piece worth at most this before GST is taxed at the lower rate (INR)'),
  ('apparel_low_gst_percentage', '5.00', 'Apparel by value: GST at or below the threshold, in percent'),
  ('apparel_high_gst_percentage', '18.00', 'Apparel by value: GST above the threshold, in percent'),
  ('apparel_ambiguous_rate', 'higher', 'An inclusive price that fits neither apparel rate takes the higher or the lower')
ON CONFLICT ("setting_name") DO NOTHING;
