CREATE TABLE "gift_card_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"amount" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"delivery_date" date NOT NULL,
	"payment_intent_id" text,
	"session_id" text,
	"user_id" integer,
	"gift_card_id" integer,
	"paid_at" timestamp with time zone,
	"recorded_by_id" integer,
	"delivered_at" timestamp with time zone,
	"provider_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_purchases_status_check" CHECK (status in ('awaiting_card', 'awaiting_zelle', 'paid')),
	CONSTRAINT "gift_card_purchases_method_check" CHECK (payment_method in ('card', 'zelle')),
	CONSTRAINT "gift_card_purchases_amount_check" CHECK (amount between 2500 and 500000)
);
--> statement-breakpoint
ALTER TABLE "gift_card_purchases" ADD CONSTRAINT "gift_card_purchases_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_purchases_intent_key" ON "gift_card_purchases" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_purchases_card_key" ON "gift_card_purchases" USING btree ("gift_card_id");--> statement-breakpoint
CREATE INDEX "gift_card_purchases_due_idx" ON "gift_card_purchases" USING btree ("delivery_date") WHERE "gift_card_purchases"."status" = 'paid' and "gift_card_purchases"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "gift_card_purchases_status_idx" ON "gift_card_purchases" USING btree ("status","created_at");