CREATE TABLE "storage_removals" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "last_uploaded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Uploads made before this column count from their creation.
UPDATE "attachments" SET "last_uploaded_at" = "created_at";--> statement-breakpoint
-- Whatever deletes an attachment row (its last link going, orphan-upload-cleanup) queues its file for removal in
-- the same transaction.
CREATE FUNCTION "public"."attachments_queue_file_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "public"."storage_removals" ("storage_key")
  SELECT "storage_key" FROM "removed" ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "attachments_queue_file_removal" AFTER DELETE ON "attachments"
REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "public"."attachments_queue_file_removal"();
