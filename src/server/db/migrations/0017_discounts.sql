CREATE TABLE "cart_discounts" (
	"session_id" text PRIMARY KEY NOT NULL,
	"discount_code_id" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_subtotal" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"welcome" boolean DEFAULT false NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_kind_check" CHECK (kind in ('percent', 'fixed')),
	CONSTRAINT "discount_codes_value_check" CHECK ("discount_codes"."value" > 0 and ("discount_codes"."kind" <> 'percent' or "discount_codes"."value" <= 100)),
	CONSTRAINT "discount_codes_min_subtotal_check" CHECK ("discount_codes"."min_subtotal" >= 0),
	CONSTRAINT "discount_codes_max_uses_check" CHECK ("discount_codes"."max_uses" is null or "discount_codes"."max_uses" >= 1),
	CONSTRAINT "discount_codes_uses_check" CHECK ("discount_codes"."uses" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code_id" integer;--> statement-breakpoint
ALTER TABLE "cart_discounts" ADD CONSTRAINT "cart_discounts_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_welcome_key" ON "discount_codes" USING btree ("welcome") WHERE "discount_codes"."welcome";--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes" USING btree (lower("code"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_check" CHECK ("orders"."discount" >= 0 and "orders"."discount" <= "orders"."subtotal");