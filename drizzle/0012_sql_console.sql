CREATE TABLE "sql_console_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"user_email" text NOT NULL,
	"mode" text NOT NULL,
	"statement" text NOT NULL,
	"outcome" text NOT NULL,
	"row_count" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sql_console_audit_mode_check" CHECK ("sql_console_audit"."mode" in ('read', 'write')),
	CONSTRAINT "sql_console_audit_outcome_check" CHECK ("sql_console_audit"."outcome" in ('ok', 'refused', 'failed', 'timed_out'))
);
--> statement-breakpoint
ALTER TABLE "sql_console_audit" ADD CONSTRAINT "sql_console_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The SQL console's two roles (design.md SQL console; src/server/modules/sql-console). A console
-- statement runs in a transaction of its own that switches to one of them with SET LOCAL ROLE, as a
-- shopper's does to vastra_shopper (0004): by default vastra_console_reader inside a READ ONLY
-- transaction; in write mode, confirmed for one statement, vastra_console_writer. Neither can log
-- in, is a superuser, bypasses row-level security, inherits or owns anything. Roles belong to the
-- whole server (shared by every test database, or two shops): made once, a racing twin carries on.
DO $$
BEGIN
  CREATE ROLE vastra_console_reader NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT NOCREATEDB NOCREATEROLE;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  CREATE ROLE vastra_console_writer NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT NOCREATEDB NOCREATEROLE;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END $$;
--> statement-breakpoint
GRANT vastra_console_reader TO CURRENT_USER;
--> statement-breakpoint
GRANT vastra_console_writer TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO vastra_console_reader, vastra_console_writer;
--> statement-breakpoint
-- The shop's own tables, as they stand now: both roles read them, the writer changes them (and the
-- tables their triggers keep, such as product_search and catalog_version). Tables that hold secrets,
-- the auth library's own and the audit log are left out here and granted column by column below.
-- A table added by a later migration is granted nothing until that migration says so: the console
-- fails closed ("permission denied") rather than showing something new by default.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      AND c.relname NOT IN ('users', 'sessions', 'auth_accounts', 'verifications', 'mail_outbox', 'profiles', 'sql_console_audit')
  LOOP
    EXECUTE format('GRANT SELECT ON %I TO vastra_console_reader, vastra_console_writer', t.relname);
    EXECUTE format('GRANT INSERT, UPDATE, DELETE ON %I TO vastra_console_writer', t.relname);
  END LOOP;
END $$;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO vastra_console_writer;
--> statement-breakpoint
-- Accounts: who has one, read-only; better-auth's tables are its own to write. Never the secrets:
-- a session's token (it is the cookie), a password hash or an OAuth token, and nothing at all of
-- verifications (a reset's identifier carries its token).
GRANT SELECT ON users TO vastra_console_reader, vastra_console_writer;
--> statement-breakpoint
GRANT SELECT (id, user_id, expires_at, ip_address, user_agent, created_at, updated_at)
  ON sessions TO vastra_console_reader, vastra_console_writer;
--> statement-breakpoint
GRANT SELECT (id, account_id, provider_id, user_id, access_token_expires_at, refresh_token_expires_at, scope, created_at, updated_at)
  ON auth_accounts TO vastra_console_reader, vastra_console_writer;
--> statement-breakpoint
-- Profiles: the owner may correct a shopper's details, but not who is an admin (that is
-- `npm run admin -- grant`), the account's id or its email (a copy of the account's).
GRANT SELECT ON profiles TO vastra_console_reader, vastra_console_writer;
--> statement-breakpoint
GRANT UPDATE (first_name, last_name, phone, gender, address_house, address_line, address_city, address_state, address_pin, updated_at)
  ON profiles TO vastra_console_writer;
--> statement-breakpoint
-- The outbox, without the mails' bodies: a reset mail's body holds its link.
GRANT SELECT (id, kind, to_address, subject, created_at, send_after, attempts, last_error, sent_at, failed_at)
  ON mail_outbox TO vastra_console_reader, vastra_console_writer;
--> statement-breakpoint
-- The audit log can be read from the console, never changed from it.
GRANT SELECT ON sql_console_audit TO vastra_console_reader, vastra_console_writer;
--> statement-breakpoint
-- Row-level security: the shoppers' policies name vastra_shopper only, so on those tables a role
-- with no policy of its own sees no rows. The owner inspects the whole shop: one permissive policy
-- per table with RLS on, for the console's roles (what each may do is still its grants' say). A
-- later table with RLS needs its own.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relrowsecurity
  LOOP
    EXECUTE format('CREATE POLICY console_all ON %I TO vastra_console_reader, vastra_console_writer USING (true) WITH CHECK (true)', t.relname);
  END LOOP;
END $$;
