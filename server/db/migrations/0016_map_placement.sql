CREATE TABLE "submission_shapes" (
	"submission_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"field_id" text NOT NULL,
	"geometry" jsonb NOT NULL,
	"west" double precision NOT NULL,
	"south" double precision NOT NULL,
	"east" double precision NOT NULL,
	"north" double precision NOT NULL,
	"size" double precision NOT NULL,
	CONSTRAINT "submission_shapes_submission_id_ordinal_pk" PRIMARY KEY("submission_id","ordinal")
);
--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "map_longitude" double precision;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "map_latitude" double precision;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "map_y" double precision GENERATED ALWAYS AS (ln(tan(pi() / 4 + radians(least(85.0511, greatest(-85.0511, map_latitude))) / 2))) STORED;--> statement-breakpoint
ALTER TABLE "submission_shapes" ADD CONSTRAINT "submission_shapes_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_shapes_application_size_idx" ON "submission_shapes" USING btree ("application_id","size");--> statement-breakpoint
CREATE INDEX "form_submissions_map_place_idx" ON "form_submissions" USING btree ("application_id","map_longitude","map_latitude","map_y","id","submitter_id") WHERE "form_submissions"."map_longitude" is not null;--> statement-breakpoint
CREATE INDEX "form_submissions_unplaced_idx" ON "form_submissions" USING btree ("application_id") WHERE "form_submissions"."map_longitude" is null;--> statement-breakpoint
-- A record's line and area answers in form order (entries of a repeat in their order), with their bounds. A strict
-- `$.**` search finds a field's answer at the top level and in every repeat entry, once each (lax mode returns some
-- twice). Stored answers passed the shared geometry schema: positions are number pairs; anything else is skipped.
CREATE FUNCTION "public"."submission_shapes_of"("application" uuid, "answers" jsonb)
RETURNS TABLE ("ordinal" integer, "field_id" text, "geometry" jsonb, "west" double precision, "south" double precision,
  "east" double precision, "north" double precision)
LANGUAGE sql STABLE AS $$
  SELECT (row_number() OVER (ORDER BY f."position", f."id", g."n"))::integer, f."id"::text, g."value",
    b."west", b."south", b."east", b."north"
  FROM "public"."form_fields" f
  CROSS JOIN LATERAL jsonb_path_query("answers", ('strict $.**."' || f."id"::text || '"')::jsonpath, '{}', true)
    WITH ORDINALITY g("value", "n")
  CROSS JOIN LATERAL (SELECT CASE g."value" ->> 'type' WHEN 'Polygon' THEN g."value" -> 'coordinates' -> 0
    ELSE g."value" -> 'coordinates' END AS "ring") r
  CROSS JOIN LATERAL (
    SELECT min((v ->> 0)::float8) AS "west", min((v ->> 1)::float8) AS "south",
      max((v ->> 0)::float8) AS "east", max((v ->> 1)::float8) AS "north"
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r."ring") = 'array' THEN r."ring" ELSE '[]'::jsonb END) v
    WHERE jsonb_typeof(v) = 'array' AND jsonb_typeof(v -> 0) = 'number' AND jsonb_typeof(v -> 1) = 'number'
  ) b
  WHERE f."application_id" = "application" AND f."field_type" IN ('line', 'area')
    AND jsonb_typeof(g."value") = 'object' AND b."west" IS NOT NULL
$$;--> statement-breakpoint
-- Where the data map places a record: its location, else the centre of its first line or area.
CREATE FUNCTION "public"."form_submissions_place"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."latitude" IS NOT NULL AND NEW."longitude" IS NOT NULL THEN
    NEW."map_longitude" := NEW."longitude";
    NEW."map_latitude" := NEW."latitude";
  ELSE
    SELECT (s."west" + s."east") / 2, (s."south" + s."north") / 2 INTO NEW."map_longitude", NEW."map_latitude"
    FROM "public"."submission_shapes_of"(NEW."application_id", NEW."answers") s ORDER BY s."ordinal" LIMIT 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "form_submissions_place" BEFORE INSERT OR UPDATE OF "answers", "latitude", "longitude"
ON "form_submissions" FOR EACH ROW EXECUTE FUNCTION "public"."form_submissions_place"();--> statement-breakpoint
-- A shape's size on screen is the larger of its width and its Web Mercator height (latitudes clamped to the
-- projection's edge), both in degrees of longitude, as shared/map/map-view.ts measures it.
CREATE FUNCTION "public"."form_submissions_store_shapes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "public"."submission_shapes" WHERE "submission_id" = NEW."id";
  END IF;
  INSERT INTO "public"."submission_shapes"
    ("submission_id", "application_id", "ordinal", "field_id", "geometry", "west", "south", "east", "north", "size")
  SELECT NEW."id", NEW."application_id", s."ordinal", s."field_id", s."geometry", s."west", s."south", s."east",
    s."north", greatest(s."east" - s."west",
      degrees(ln(tan(pi() / 4 + radians(least(85.0511, greatest(-85.0511, s."north"))) / 2))
        - ln(tan(pi() / 4 + radians(least(85.0511, greatest(-85.0511, s."south"))) / 2))))
  FROM "public"."submission_shapes_of"(NEW."application_id", NEW."answers") s;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "form_submissions_store_shapes" AFTER INSERT OR UPDATE OF "answers"
ON "form_submissions" FOR EACH ROW EXECUTE FUNCTION "public"."form_submissions_store_shapes"();--> statement-breakpoint
-- The records already stored: writing their answers again runs both triggers (updated_at is left as it was).
UPDATE "form_submissions" SET "answers" = "answers";
