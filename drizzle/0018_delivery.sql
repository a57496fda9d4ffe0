CREATE TABLE "delivery_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_settings_one_row" CHECK ("delivery_settings"."id")
);
--> statement-breakpoint
CREATE TABLE "pin_rules" (
	"prefix" text PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pin_rules_prefix_check" CHECK ("pin_rules"."prefix" ~ '^[1-9][0-9]{0,5}$'),
	CONSTRAINT "pin_rules_rule_check" CHECK ("pin_rules"."rule" in ('not_served', 'no_cod'))
);
--> statement-breakpoint
CREATE TABLE "pincodes" (
	"pincode" text PRIMARY KEY NOT NULL,
	"district" text NOT NULL,
	"states" text[] NOT NULL,
	CONSTRAINT "pincodes_pincode_check" CHECK ("pincodes"."pincode" ~ '^[1-9][0-9]{5}$')
);
--> statement-breakpoint
-- Shopper transactions (the address book, checkout) read the directory, the owner's settings and
-- rules; only the server, as the tables' owner, writes them.
GRANT SELECT ON pincodes, delivery_settings, pin_rules TO vastra_shopper;
