ALTER TABLE "account_events" ADD COLUMN "actor_role" text;--> statement-breakpoint
ALTER TABLE "account_events" ADD COLUMN "detail" text;