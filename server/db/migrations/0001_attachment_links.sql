CREATE TABLE "attachment_links" (
	"attachment_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	CONSTRAINT "attachment_links_attachment_id_submission_id_field_id_pk" PRIMARY KEY("attachment_id","submission_id","field_id")
);
--> statement-breakpoint
ALTER TABLE "attachments" DROP CONSTRAINT "attachments_submission_id_form_submissions_id_fk";
--> statement-breakpoint
ALTER TABLE "attachments" DROP CONSTRAINT "attachments_field_id_form_fields_id_fk";
--> statement-breakpoint
DROP INDEX "attachments_submission_idx";--> statement-breakpoint
ALTER TABLE "attachment_links" ADD CONSTRAINT "attachment_links_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_links" ADD CONSTRAINT "attachment_links_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_links" ADD CONSTRAINT "attachment_links_field_id_form_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."form_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachment_links_submission_idx" ON "attachment_links" USING btree ("submission_id");--> statement-breakpoint
-- Existing uses move to the link table before the columns go.
INSERT INTO "attachment_links" ("attachment_id", "submission_id", "field_id")
SELECT "id", "submission_id", "field_id" FROM "attachments" WHERE "submission_id" IS NOT NULL AND "field_id" IS NOT NULL;--> statement-breakpoint
-- Records (and their earlier versions) that answered with media already linked to another record never got a link:
-- the one-record-per-attachment columns skipped them. Link every media answer that names its submitter's own upload.
INSERT INTO "attachment_links" ("attachment_id", "submission_id", "field_id")
SELECT a."id", r."submission_id", f."id"
FROM (
  SELECT s."id" AS "submission_id", s."application_id", s."submitter_id", s."answers" FROM "form_submissions" s
  UNION ALL
  SELECT s."id", s."application_id", s."submitter_id", v."answers"
  FROM "submission_versions" v JOIN "form_submissions" s ON s."id" = v."submission_id"
) r
CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(r."answers") = 'object' THEN r."answers" ELSE '{}'::jsonb END) AS answer("key", "value")
JOIN "form_fields" f ON f."id"::text = answer."key" AND f."application_id" = r."application_id" AND f."field_type" IN ('photo', 'signature')
JOIN "attachments" a ON a."id"::text = answer."value" ->> 'attachmentId' AND a."sha256" = lower(answer."value" ->> 'sha256')
  AND a."uploader_id" = r."submitter_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- An attachment goes when its last link goes (a record deleted, data cleared, an application or account deleted),
-- whatever cascade removed the link. Uploads not linked yet are never touched: they await their record.
CREATE FUNCTION "public"."attachments_delete_unlinked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "public"."attachments" a
  WHERE a."id" IN (SELECT "attachment_id" FROM "unlinked")
    AND NOT EXISTS (SELECT 1 FROM "public"."attachment_links" l WHERE l."attachment_id" = a."id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "attachment_links_delete_unlinked" AFTER DELETE ON "attachment_links"
REFERENCING OLD TABLE AS "unlinked" FOR EACH STATEMENT EXECUTE FUNCTION "public"."attachments_delete_unlinked"();--> statement-breakpoint
ALTER TABLE "attachments" DROP COLUMN "submission_id";--> statement-breakpoint
ALTER TABLE "attachments" DROP COLUMN "field_id";