CREATE TABLE "testimonial_uploads" (
	"image_url" text PRIMARY KEY NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "testimonial_uploads_uploaded_idx" ON "testimonial_uploads" USING btree ("uploaded_at");--> statement-breakpoint
CREATE INDEX "newsletters_unconfirmed_idx" ON "newsletters" USING btree ("created_at") WHERE "newsletters"."confirmed_at" is null;--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_confirm_token_hash_unique" UNIQUE("confirm_token_hash");--> statement-breakpoint
-- The addresses already on the list were subscribed under the old rules and have had the welcome
-- e-mail with its unsubscribe link: they stay subscribers.
UPDATE "newsletters" SET "confirmed_at" = "created_at";
