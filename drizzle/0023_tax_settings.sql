CREATE TABLE "tax_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_settings_one_row" CHECK ("tax_settings"."id")
);
