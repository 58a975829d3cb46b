CREATE TABLE "application_entity_actions" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"list_id" uuid NOT NULL,
	"action" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"list_id" uuid NOT NULL,
	"label" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"version" integer DEFAULT 1 NOT NULL,
	"conflict" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_versions" (
	"entity_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"base_version" integer,
	"source" text NOT NULL,
	"submission_id" uuid,
	"application_id" uuid,
	"actor_id" uuid,
	"changes" jsonb NOT NULL,
	"label" text NOT NULL,
	"properties" jsonb NOT NULL,
	"conflict" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entity_versions_entity_id_version_pk" PRIMARY KEY("entity_id","version")
);
--> statement-breakpoint
ALTER TABLE "application_entity_actions" ADD CONSTRAINT "application_entity_actions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_entity_actions" ADD CONSTRAINT "application_entity_actions_list_id_entity_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."entity_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_list_id_entity_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."entity_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_lists" ADD CONSTRAINT "entity_lists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_versions" ADD CONSTRAINT "entity_versions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_versions" ADD CONSTRAINT "entity_versions_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_versions" ADD CONSTRAINT "entity_versions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_versions" ADD CONSTRAINT "entity_versions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entities_list_idx" ON "entities" USING btree ("list_id","label","id");--> statement-breakpoint
CREATE UNIQUE INDEX "entity_lists_owner_name_unique" ON "entity_lists" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "entity_versions_submission_idx" ON "entity_versions" USING btree ("submission_id");