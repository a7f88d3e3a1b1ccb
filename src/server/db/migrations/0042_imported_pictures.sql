CREATE TABLE "imported_pictures" (
	"source" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_pictures_source_url_pk" PRIMARY KEY("source","url")
);
