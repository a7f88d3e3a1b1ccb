CREATE TABLE "piece_alert_sends" (
	"email" text NOT NULL,
	"product_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "piece_alert_sends_email_product_id_pk" PRIMARY KEY("email","product_id")
);
--> statement-breakpoint
CREATE TABLE "piece_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"category" text NOT NULL,
	"product_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirm_token_hash" text,
	"confirmation_sent_at" timestamp with time zone,
	CONSTRAINT "piece_alerts_confirm_token_hash_unique" UNIQUE("confirm_token_hash")
);
--> statement-breakpoint
CREATE TABLE "piece_arrivals" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"arrived_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "piece_alert_sends" ADD CONSTRAINT "piece_alert_sends_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "piece_alerts" ADD CONSTRAINT "piece_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "piece_alerts" ADD CONSTRAINT "piece_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "piece_arrivals" ADD CONSTRAINT "piece_arrivals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "piece_alert_sends_sent_idx" ON "piece_alert_sends" USING btree ("sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "piece_alerts_email_category_key" ON "piece_alerts" USING btree ("email","category");--> statement-breakpoint
CREATE INDEX "piece_alerts_waiting_idx" ON "piece_alerts" USING btree ("category") WHERE "piece_alerts"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "piece_alerts_unconfirmed_idx" ON "piece_alerts" USING btree ("created_at") WHERE "piece_alerts"."confirmed_at" is null;--> statement-breakpoint
CREATE INDEX "piece_alerts_requested_idx" ON "piece_alerts" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "piece_arrivals_arrived_idx" ON "piece_arrivals" USING btree ("arrived_at");