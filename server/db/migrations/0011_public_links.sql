CREATE TABLE "public_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"token" text NOT NULL,
	"name" text NOT NULL,
	"expires_at" timestamp with time zone,
	"max_records" integer,
	"one_record_per_device" boolean DEFAULT false NOT NULL,
	"paused_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "public_link_id" uuid;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "public_link_device" text;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "public_links_token_unique" ON "public_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "public_links_application_idx" ON "public_links" USING btree ("application_id");--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_public_link_id_public_links_id_fk" FOREIGN KEY ("public_link_id") REFERENCES "public"."public_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submissions_public_link_idx" ON "form_submissions" USING btree ("public_link_id","public_link_device") WHERE "form_submissions"."public_link_id" is not null;