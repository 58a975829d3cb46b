CREATE TABLE "form_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"review_state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "form_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_fields" ADD COLUMN "name" text;--> statement-breakpoint
UPDATE "form_fields" AS f SET "name" = 'campo_' || n.rn FROM (
	SELECT "id", row_number() OVER (PARTITION BY "application_id" ORDER BY "deleted_at" NULLS FIRST, "position", "created_at", "id") AS rn
	FROM "form_fields"
) AS n WHERE n."id" = f."id";--> statement-breakpoint
ALTER TABLE "form_fields" ALTER COLUMN "name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "form_fields" ADD COLUMN "parent_name" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "form_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "review_state" text DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submission_versions" ADD COLUMN "form_version" integer;--> statement-breakpoint
ALTER TABLE "submission_versions" ADD COLUMN "restored_from_id" uuid;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_comments" ADD CONSTRAINT "submission_comments_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_comments" ADD CONSTRAINT "submission_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_application_version_unique" ON "form_versions" USING btree ("application_id","version");--> statement-breakpoint
CREATE INDEX "submission_comments_submission_idx" ON "submission_comments" USING btree ("submission_id","created_at");--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submissions_app_review_idx" ON "form_submissions" USING btree ("application_id","review_state");