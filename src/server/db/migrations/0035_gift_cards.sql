CREATE TABLE "gift_card_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"gift_card_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"order_id" integer,
	"reason" text,
	"actor_id" integer,
	"actor" text,
	"actor_role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_transactions_kind_check" CHECK (kind in ('issue', 'debit', 'refund', 'adjustment', 'disable', 'enable', 'reissue')),
	CONSTRAINT "gift_card_transactions_balance_after_check" CHECK ("gift_card_transactions"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"last4" text NOT NULL,
	"initial_amount" integer NOT NULL,
	"balance" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"recipient_name" text,
	"recipient_email" text,
	"message" text,
	"sender_name" text,
	"customer_id" integer,
	"source" text NOT NULL,
	"reason" text,
	"issued_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_balance_check" CHECK ("gift_cards"."balance" >= 0),
	CONSTRAINT "gift_cards_initial_amount_check" CHECK ("gift_cards"."initial_amount" >= 0),
	CONSTRAINT "gift_cards_source_check" CHECK (source in ('issued', 'purchased', 'store_credit'))
);
--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD CONSTRAINT "gift_card_transactions_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_transactions_card_idx" ON "gift_card_transactions" USING btree ("gift_card_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_card_transactions_order_idx" ON "gift_card_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_hash_key" ON "gift_cards" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "gift_cards_created_idx" ON "gift_cards" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "gift_cards_customer_idx" ON "gift_cards" USING btree ("customer_id");