CREATE TABLE "owner_media" (
	"owner_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"bytes" bigint NOT NULL,
	"links" integer NOT NULL,
	CONSTRAINT "owner_media_owner_id_sha256_pk" PRIMARY KEY("owner_id","sha256")
);
--> statement-breakpoint
ALTER TABLE "owner_media" ADD CONSTRAINT "owner_media_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_links" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
UPDATE "attachment_links" l SET "owner_id" = s."owner_id" FROM "form_submissions" s WHERE s."id" = l."submission_id";--> statement-breakpoint
ALTER TABLE "attachment_links" ALTER COLUMN "owner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_usage" ADD COLUMN "storage_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What the storage check added up on every upload until now: the distinct bytes each owner's records use.
INSERT INTO "owner_media" ("owner_id", "sha256", "bytes", "links")
SELECT l."owner_id", a."sha256", max(a."bytes"), count(*)::int
FROM "attachment_links" l JOIN "attachments" a ON a."id" = l."attachment_id"
GROUP BY l."owner_id", a."sha256";--> statement-breakpoint
INSERT INTO "owner_usage" ("owner_id", "storage_bytes")
SELECT "owner_id", sum("bytes") FROM "owner_media" GROUP BY "owner_id"
ON CONFLICT ("owner_id") DO UPDATE SET "storage_bytes" = excluded."storage_bytes";--> statement-breakpoint
-- Every new link counts its bytes for the owner, once per distinct content. Locks go owner_usage first, then
-- owner_media, as in the records insert (which raises records_created before its links exist): two writers of one
-- owner never wait for each other in opposite orders.
CREATE FUNCTION "public"."owner_media_count_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "public"."owner_usage" ("owner_id")
  SELECT DISTINCT "owner_id" FROM "linked" ORDER BY 1
  ON CONFLICT ("owner_id") DO UPDATE SET "updated_at" = now();
  WITH counted AS (
    INSERT INTO "public"."owner_media" AS m ("owner_id", "sha256", "bytes", "links")
    SELECT l."owner_id", a."sha256", max(a."bytes"), count(*)::int
    FROM "linked" l JOIN "public"."attachments" a ON a."id" = l."attachment_id"
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("owner_id", "sha256") DO UPDATE SET "links" = m."links" + excluded."links"
    RETURNING m."owner_id", m."bytes", m.xmax = 0 AS "added"
  )
  UPDATE "public"."owner_usage" u SET "storage_bytes" = u."storage_bytes" + c."bytes"
  FROM (SELECT "owner_id", sum("bytes") AS "bytes" FROM counted WHERE "added" GROUP BY "owner_id") c
  WHERE u."owner_id" = c."owner_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "attachment_links_count_owner_media" AFTER INSERT ON "attachment_links"
REFERENCING NEW TABLE AS "linked" FOR EACH STATEMENT EXECUTE FUNCTION "public"."owner_media_count_links"();--> statement-breakpoint
-- A link going (its record, application or account deleted) releases its bytes when it was the content's last for
-- the owner. It runs before attachment_links_delete_unlinked (triggers fire in name order), while the attachment
-- row still says which content it was. An owner being deleted has no owner_usage row left to update.
CREATE FUNCTION "public"."owner_media_uncount_links"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  emptied_owners uuid[];
  emptied_contents text[];
BEGIN
  PERFORM 1 FROM "public"."owner_usage" WHERE "owner_id" IN (SELECT "owner_id" FROM "unlinked") ORDER BY "owner_id"
  FOR UPDATE;
  WITH dropped AS (
    UPDATE "public"."owner_media" m SET "links" = m."links" - g."links"
    FROM (
      SELECT l."owner_id", a."sha256", count(*)::int AS "links"
      FROM "unlinked" l JOIN "public"."attachments" a ON a."id" = l."attachment_id"
      GROUP BY 1, 2
    ) g
    WHERE m."owner_id" = g."owner_id" AND m."sha256" = g."sha256"
    RETURNING m."owner_id", m."sha256", m."links"
  )
  SELECT array_agg("owner_id"), array_agg("sha256") INTO emptied_owners, emptied_contents
  FROM dropped WHERE "links" <= 0;
  IF emptied_owners IS NULL THEN
    RETURN NULL;
  END IF;
  WITH released AS (
    DELETE FROM "public"."owner_media" m
    USING unnest(emptied_owners, emptied_contents) AS e("owner_id", "sha256")
    WHERE m."owner_id" = e."owner_id" AND m."sha256" = e."sha256"
    RETURNING m."owner_id", m."bytes"
  )
  UPDATE "public"."owner_usage" u SET "storage_bytes" = u."storage_bytes" - r."bytes"
  FROM (SELECT "owner_id", sum("bytes") AS "bytes" FROM released GROUP BY "owner_id") r
  WHERE u."owner_id" = r."owner_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "attachment_links_count_owner_media_release" AFTER DELETE ON "attachment_links"
REFERENCING OLD TABLE AS "unlinked" FOR EACH STATEMENT EXECUTE FUNCTION "public"."owner_media_uncount_links"();
