CREATE TABLE "account_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_username_lower_key";--> statement-breakpoint
DROP INDEX "users_email_lower_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_wait_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_events" ADD CONSTRAINT "account_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_events_user_idx" ON "account_events" USING btree ("user_id","created_at");--> statement-breakpoint
-- Usernames and e-mail addresses are stored normalised from here on (src/shared/identity.ts:
-- NFKC, then JavaScript's lower case) and unique as they are, not through lower(). PostgreSQL's
-- lower() folds the dotted capital I (chr(304)) to a plain i where JavaScript gives i and a
-- combining dot above (chr(775)): that letter is spelled out first so both agree. When two rows
-- normalise alike (lower() let 'ｍｅｉ' and 'mei' both exist), the one already in that form, else
-- the oldest, takes it; the others keep their spelling and are reached by it no longer.
UPDATE "users" AS u SET "username" = n.key
FROM (SELECT s.id, lower(replace(normalize(s."username", NFKC), chr(304), 'i' || chr(775))) AS key FROM "users" AS s WHERE s."username" IS NOT NULL) AS n
WHERE u.id = n.id AND u."username" <> n.key
  AND NOT EXISTS (
    SELECT 1 FROM "users" AS o
    WHERE o.id <> u.id AND (o."username" = n.key OR (o.id < u.id AND lower(replace(normalize(o."username", NFKC), chr(304), 'i' || chr(775))) = n.key))
  );--> statement-breakpoint
UPDATE "users" AS u SET "email" = n.key
FROM (SELECT s.id, lower(replace(normalize(s."email", NFKC), chr(304), 'i' || chr(775))) AS key FROM "users" AS s WHERE s."email" IS NOT NULL) AS n
WHERE u.id = n.id AND u."email" <> n.key
  AND NOT EXISTS (
    SELECT 1 FROM "users" AS o
    WHERE o.id <> u.id AND (o."email" = n.key OR (o.id < u.id AND lower(replace(normalize(o."email", NFKC), chr(304), 'i' || chr(775))) = n.key))
  );--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email") WHERE "users"."email" is not null;