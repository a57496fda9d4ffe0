-- Row-level security for the shopper's likes, cart and address book (design.md), as for profiles
-- in 0004: a shopper's transaction runs as vastra_shopper with app.user_id set, and each policy
-- lets it see and write only rows whose user_id is that id. With no app.user_id the setting is
-- NULL, which equals nothing: no rows (fails closed).
-- The products a cart or a wishlist shows are read by the catalog's service, as the catalog's
-- owner: a shopper's role is granted nothing on the catalog.
-- Likes: a shopper adds and removes their own; nothing about a like is ever edited.
-- (INSERT is granted on every column: drizzle names them all, the defaults as DEFAULT, and the
-- policy's check is what keeps a row the shopper's.)
GRANT SELECT, INSERT, DELETE ON product_likes TO vastra_shopper;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE product_likes_id_seq TO vastra_shopper;
--> statement-breakpoint
ALTER TABLE product_likes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY product_likes_own ON product_likes TO vastra_shopper
  USING (user_id = nullif(current_setting('app.user_id', true), '')::uuid)
  WITH CHECK (user_id = nullif(current_setting('app.user_id', true), '')::uuid);
--> statement-breakpoint
-- Cart: quantity and selection are the only things a shopper changes on a line.
GRANT SELECT, INSERT, DELETE ON cart_items TO vastra_shopper;
--> statement-breakpoint
GRANT UPDATE (quantity, selected, updated_at) ON cart_items TO vastra_shopper;
--> statement-breakpoint
ALTER TABLE cart_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY cart_items_own ON cart_items TO vastra_shopper
  USING (user_id = nullif(current_setting('app.user_id', true), '')::uuid)
  WITH CHECK (user_id = nullif(current_setting('app.user_id', true), '')::uuid);
--> statement-breakpoint
-- Addresses: every field but the owner and the id may change.
GRANT SELECT, INSERT, DELETE ON addresses TO vastra_shopper;
--> statement-breakpoint
GRANT UPDATE (name, phone, house, street, city, state, pincode, country, updated_at) ON addresses TO vastra_shopper;
--> statement-breakpoint
ALTER TABLE addresses ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY addresses_own ON addresses TO vastra_shopper
  USING (user_id = nullif(current_setting('app.user_id', true), '')::uuid)
  WITH CHECK (user_id = nullif(current_setting('app.user_id', true), '')::uuid);
