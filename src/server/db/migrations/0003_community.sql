CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || email || ' ' || subject)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "unsubscribe_token_hash" text;--> statement-breakpoint
CREATE INDEX "inquiries_read_created_idx" ON "inquiries" USING btree ("read","created_at");--> statement-breakpoint
CREATE INDEX "inquiries_search_trgm_idx" ON "inquiries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_unsubscribe_token_hash_unique" UNIQUE("unsubscribe_token_hash");