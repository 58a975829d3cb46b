CREATE TABLE "form_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"bytes" integer NOT NULL,
	"row_count" integer,
	"columns" jsonb,
	"table_data" jsonb,
	"from_version" integer NOT NULL,
	"to_version" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_files" ADD CONSTRAINT "form_files_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_files" ADD CONSTRAINT "form_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_files_application_idx" ON "form_files" USING btree ("application_id","from_version");--> statement-breakpoint
CREATE UNIQUE INDEX "form_files_current_name_unique" ON "form_files" USING btree ("application_id",lower("name")) WHERE "form_files"."to_version" is null;--> statement-breakpoint
-- A form file row deleted (its application deleted, or a file replaced before any record pinned it) queues its
-- bytes for removal in the same transaction; orphan-upload-cleanup removes them from storage.
CREATE FUNCTION "public"."form_files_queue_file_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "public"."storage_removals" ("storage_key")
  SELECT "storage_key" FROM "removed" ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "form_files_queue_file_removal" AFTER DELETE ON "form_files"
REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "public"."form_files_queue_file_removal"();
