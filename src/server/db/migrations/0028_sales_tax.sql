CREATE TABLE "tax_rate_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"effective_from" date NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"file_name" text,
	"row_count" integer NOT NULL,
	"added" integer NOT NULL,
	"changed" integer NOT NULL,
	"removed" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "tax_rate_tables_status_check" CHECK (status in ('preview', 'applied'))
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"table_id" integer NOT NULL,
	"zip_code" text NOT NULL,
	"region_name" text NOT NULL,
	"state_rate" integer NOT NULL,
	"county_rate" integer NOT NULL,
	"city_rate" integer NOT NULL,
	"special_rate" integer NOT NULL,
	CONSTRAINT "tax_rates_table_id_zip_code_pk" PRIMARY KEY("table_id","zip_code")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_fallback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_table_id_tax_rate_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tax_rate_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rate_tables_state_version_key" ON "tax_rate_tables" USING btree ("state","version");--> statement-breakpoint
CREATE INDEX "tax_rate_tables_in_force_idx" ON "tax_rate_tables" USING btree ("state","effective_from") WHERE "tax_rate_tables"."status" = 'applied';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_check" CHECK ("orders"."tax" >= 0);