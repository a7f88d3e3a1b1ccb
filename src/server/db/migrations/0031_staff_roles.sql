CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_name_check" CHECK ("roles"."name" ~ '^[a-z0-9][a-z0-9-]{0,39}$')
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "actor_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_key" ON "roles" USING btree ("name");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The built-in roles (their permissions are the code's), and every administrator of today becomes
-- an Owner (issue 35).
INSERT INTO "roles" ("name", "label", "built_in") VALUES
	('owner', 'Owner', true),
	('manager', 'Manager', true),
	('packer', 'Packer', true),
	('bookkeeper', 'Bookkeeper', true),
	('show-assistant', 'Show assistant', true),
	('editor', 'Editor', true);--> statement-breakpoint
UPDATE "users" SET "role_id" = (SELECT "id" FROM "roles" WHERE "name" = 'owner') WHERE "is_admin";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_admin_role_check" CHECK ("users"."is_admin" = ("users"."role_id" is not null));