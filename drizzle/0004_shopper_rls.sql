-- Row-level security for the shoppers' own rows (design.md). A shopper's queries run in a
-- transaction as vastra_shopper with app.user_id set for that transaction only
-- (src/server/db/shopper.ts), so a query that forgets its `where user_id = ...` still sees only
-- that shopper's rows. The role cannot log in, is no superuser, has no BYPASSRLS and owns nothing:
-- row-level security always applies to it. The server's own work (sign-up, the auth library) runs
-- as the tables' owner, outside these policies.
--
-- Roles belong to the whole PostgreSQL server, which several databases may share (every test
-- database, two shops): create it once, and let a second migration racing this one carry on.
DO $$
BEGIN
  CREATE ROLE vastra_shopper NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT NOCREATEDB NOCREATEROLE;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END $$;
--> statement-breakpoint
-- The app's own login switches to it with SET LOCAL ROLE: a superuser always may, any other
-- login (a managed database's owner) needs to be a member.
GRANT vastra_shopper TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO vastra_shopper;
--> statement-breakpoint
-- Profiles: a shopper reads and edits their own; the row is written at sign-up by the server.
-- Only the fields a shopper may change are granted for update: never email, is_admin or the id.
GRANT SELECT ON profiles TO vastra_shopper;
--> statement-breakpoint
GRANT UPDATE (first_name, last_name, phone, gender, address_house, address_line, address_city, address_state, address_pin, updated_at)
  ON profiles TO vastra_shopper;
--> statement-breakpoint
ALTER TABLE profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- No app.user_id in the transaction: NULL, which equals nothing, so no rows (fails closed).
CREATE POLICY profiles_own ON profiles TO vastra_shopper
  USING (id = nullif(current_setting('app.user_id', true), '')::uuid)
  WITH CHECK (id = nullif(current_setting('app.user_id', true), '')::uuid);
