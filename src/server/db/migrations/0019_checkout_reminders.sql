CREATE TABLE "checkout_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer,
	"session_id" text,
	"cart_changed_at" timestamp with time zone,
	"user_id" integer,
	"email" text,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_reminders_outcome_check" CHECK (outcome in ('sent', 'no-address', 'ordered', 'superseded', 'sold', 'unsubscribed', 'recent')),
	CONSTRAINT "checkout_reminders_subject_check" CHECK ("checkout_reminders"."attempt_id" is not null or ("checkout_reminders"."session_id" is not null and "checkout_reminders"."cart_changed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "reminder_recipients" (
	"email" text PRIMARY KEY NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_reminders" ADD CONSTRAINT "checkout_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_reminders_attempt_key" ON "checkout_reminders" USING btree ("attempt_id") WHERE "checkout_reminders"."attempt_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_reminders_cart_key" ON "checkout_reminders" USING btree ("session_id","cart_changed_at") WHERE "checkout_reminders"."attempt_id" is null;--> statement-breakpoint
CREATE INDEX "checkout_reminders_created_idx" ON "checkout_reminders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reminder_recipients_reminded_idx" ON "reminder_recipients" USING btree ("last_reminded_at") WHERE "reminder_recipients"."unsubscribed_at" is null;--> statement-breakpoint
CREATE INDEX "cart_items_changed_idx" ON "cart_items" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "checkout_attempts_open_created_idx" ON "checkout_attempts" USING btree ("created_at") WHERE "checkout_attempts"."order_id" is null;