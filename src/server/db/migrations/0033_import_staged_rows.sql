CREATE TABLE "product_import_rows" (
	"import_id" text NOT NULL,
	"line" integer NOT NULL,
	"row" jsonb NOT NULL,
	CONSTRAINT "product_import_rows_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
ALTER TABLE "product_import_rows" ADD CONSTRAINT "product_import_rows_import_id_product_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."product_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_imports" DROP COLUMN "rows";