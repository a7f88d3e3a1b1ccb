CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"preview_text" text,
	"body" text NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"journal_post_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"send_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"queued_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"last_subscriber_id" integer DEFAULT 0 NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"unsubscribed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_status_check" CHECK (status in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')),
	CONSTRAINT "campaigns_products_check" CHECK (cardinality("campaigns"."product_ids") <= 6)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "bounce_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "last_bounce_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "campaigns" USING btree ("status","send_at");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_priority_due_idx" ON "email_outbox" USING btree ("status","priority","next_attempt_at");--> statement-breakpoint
CREATE INDEX "email_outbox_claimed_idx" ON "email_outbox" USING btree ("claimed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_campaign_address_idx" ON "email_outbox" USING btree ("campaign_id","to_address");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_check" CHECK (status in ('pending', 'sent', 'failed', 'skipped'));