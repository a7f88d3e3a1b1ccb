DROP INDEX "email_outbox_due_idx";--> statement-breakpoint
DROP INDEX "email_outbox_priority_due_idx";--> statement-breakpoint
DROP INDEX "email_outbox_claimed_idx";--> statement-breakpoint
DROP INDEX "email_outbox_campaign_address_idx";--> statement-breakpoint
CREATE INDEX "email_outbox_pending_due_idx" ON "email_outbox" USING btree ("priority","next_attempt_at") WHERE "email_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "email_outbox_claimed_idx" ON "email_outbox" USING btree ("claimed_at") WHERE "email_outbox"."claimed_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_campaign_address_idx" ON "email_outbox" USING btree ("campaign_id","to_address") WHERE "email_outbox"."campaign_id" is not null;