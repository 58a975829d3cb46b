ALTER TABLE "webhook_endpoints" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
UPDATE "webhook_endpoints" SET "disabled_reason" = CASE WHEN "failing_since" IS NOT NULL THEN 'failing' ELSE 'manual' END WHERE "disabled_at" IS NOT NULL;
