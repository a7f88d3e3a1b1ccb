ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_check";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_method_check";--> statement-breakpoint
ALTER TABLE "sales" DROP CONSTRAINT "sales_payment_method_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK (payment_method in ('stripe', 'paypal', 'zelle', 'venmo', 'cash', 'check', 'credit_card', 'bank_transfer', 'gift_card'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK (method in ('stripe', 'paypal', 'zelle', 'venmo', 'cash', 'check', 'credit_card', 'bank_transfer', 'gift_card'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_check" CHECK (method in ('stripe', 'paypal', 'zelle', 'venmo', 'cash', 'check', 'credit_card', 'bank_transfer', 'gift_card'));--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_payment_method_check" CHECK (payment_method in ('stripe', 'paypal', 'zelle', 'venmo', 'cash', 'check', 'credit_card', 'bank_transfer', 'gift_card'));