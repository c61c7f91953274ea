ALTER TABLE "questionnaire_versions" ADD COLUMN "sign_off_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questionnaire_versions" ADD COLUMN "sign_off_requested_by" uuid;