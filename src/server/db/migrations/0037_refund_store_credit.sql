ALTER TABLE "refunds" DROP CONSTRAINT "refunds_method_check";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "gift_card_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_check" CHECK (method in ('stripe', 'paypal', 'zelle', 'venmo', 'cash', 'check', 'credit_card', 'bank_transfer', 'gift_card', 'store_credit'));