ALTER TABLE "doctor_licenses" ADD COLUMN "license_number" text;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "npi" text;