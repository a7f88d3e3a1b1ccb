ALTER TABLE "gift_card_purchases" DROP CONSTRAINT "gift_card_purchases_status_check";--> statement-breakpoint
ALTER TABLE "gift_card_transactions" DROP CONSTRAINT "gift_card_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "gift_card_purchases" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_card_purchases" ADD COLUMN "ended_by_id" integer;--> statement-breakpoint
ALTER TABLE "gift_card_purchases" ADD COLUMN "ended_by" text;--> statement-breakpoint
ALTER TABLE "gift_card_purchases" ADD COLUMN "ended_by_role" text;--> statement-breakpoint
ALTER TABLE "gift_card_purchases" ADD CONSTRAINT "gift_card_purchases_status_check" CHECK (status in ('awaiting_card', 'awaiting_zelle', 'paid', 'cancelled', 'expired', 'abandoned'));--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD CONSTRAINT "gift_card_transactions_kind_check" CHECK (kind in ('issue', 'debit', 'refund', 'adjustment', 'disable', 'enable', 'reissue', 'send'));