-- Spec §3's pricing settings with their defaults, and design.md's sixth (prices include GST).
-- Values are text, as the spec's schema keeps them; src/server/modules/pricing reads them.
INSERT INTO pricing_settings (setting_name, setting_value, description) VALUES
  ('gst_percentage', '18.00', 'GST rate in percent'),
  ('free_shipping_threshold', '999.00', 'A subtotal at or above this (rupees) ships free'),
  ('standard_shipping_charge', '99.00', 'Shipping (rupees) for a subtotal at or above the express threshold'),
  ('express_shipping_charge', '149.00', 'Shipping (rupees) for a subtotal below the express threshold'),
  ('express_shipping_threshold', '499.00', 'Below this subtotal (rupees), the express charge applies'),
  ('prices_include_gst', 'true', 'true: shop prices include GST (shown as included); false: GST is added at checkout')
ON CONFLICT (setting_name) DO NOTHING;
--> statement-breakpoint
-- Orders under row-level security (spec §6: the owner may view and create, never delete). A
-- shopper's transaction may only create a pending, unpaid order of their own: the policy itself
-- refuses anything else. Payment settles it as the server's own work (the webhook has no shopper),
-- so the role gets no UPDATE and no DELETE at all.
GRANT SELECT, INSERT ON orders TO vastra_shopper;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE order_number_seq TO vastra_shopper;
--> statement-breakpoint
ALTER TABLE orders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY orders_own_read ON orders FOR SELECT TO vastra_shopper
  USING (user_id = nullif(current_setting('app.user_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY orders_own_create ON orders FOR INSERT TO vastra_shopper
  WITH CHECK (
    user_id = nullif(current_setting('app.user_id', true), '')::uuid
    AND status = 'pending' AND payment_status = 'pending' AND payment_id IS NULL AND paid_at IS NULL
  );
--> statement-breakpoint
GRANT SELECT, INSERT ON order_items TO vastra_shopper;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE order_items_id_seq TO vastra_shopper;
--> statement-breakpoint
ALTER TABLE order_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- An item belongs to whoever owns its order (the subquery sees only the shopper's own orders).
CREATE POLICY order_items_own_read ON order_items FOR SELECT TO vastra_shopper
  USING (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id));
--> statement-breakpoint
CREATE POLICY order_items_own_create ON order_items FOR INSERT TO vastra_shopper
  WITH CHECK (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id AND o.payment_status = 'pending'));
