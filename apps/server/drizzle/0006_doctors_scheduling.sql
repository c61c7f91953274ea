CREATE TYPE "public"."appointment_status" AS ENUM('booked', 'cancelled', 'rescheduled', 'completed', 'missed');--> statement-breakpoint
CREATE TABLE "availability_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_minute" smallint,
	"end_minute" smallint,
	"note" text,
	CONSTRAINT "availability_exceptions_window" CHECK (("availability_exceptions"."start_minute" is null and "availability_exceptions"."end_minute" is null) or ("availability_exceptions"."start_minute" >= 0 and "availability_exceptions"."end_minute" <= 1440 and "availability_exceptions"."start_minute" < "availability_exceptions"."end_minute"))
);
--> statement-breakpoint
CREATE TABLE "availability_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	CONSTRAINT "availability_rules_weekday" CHECK ("availability_rules"."weekday" between 0 and 6),
	CONSTRAINT "availability_rules_window" CHECK ("availability_rules"."start_minute" >= 0 and "availability_rules"."end_minute" <= 1440 and "availability_rules"."start_minute" < "availability_rules"."end_minute")
);
--> statement-breakpoint
CREATE TABLE "doctor_licenses" (
	"doctor_id" uuid NOT NULL,
	"state" text NOT NULL,
	CONSTRAINT "doctor_licenses_doctor_id_state_pk" PRIMARY KEY("doctor_id","state")
);
--> statement-breakpoint
CREATE TABLE "doctor_scheduling_settings" (
	"doctor_id" uuid PRIMARY KEY NOT NULL,
	"visit_minutes" smallint DEFAULT 30 NOT NULL,
	"buffer_minutes" smallint DEFAULT 0 NOT NULL,
	"horizon_days" smallint DEFAULT 30 NOT NULL,
	"min_notice_minutes" integer DEFAULT 120 NOT NULL,
	CONSTRAINT "doctor_scheduling_settings_positive" CHECK ("doctor_scheduling_settings"."visit_minutes" > 0 and "doctor_scheduling_settings"."buffer_minutes" >= 0 and "doctor_scheduling_settings"."horizon_days" >= 0 and "doctor_scheduling_settings"."min_notice_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "doctors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"storefront_id" uuid,
	"user_id" uuid,
	"name" text NOT NULL,
	"credentials" text DEFAULT '' NOT NULL,
	"photo_url" text,
	"bio" text DEFAULT '' NOT NULL,
	"specialties" text[] DEFAULT '{}'::text[] NOT NULL,
	"time_zone" text NOT NULL,
	"average_rating" numeric(3, 2),
	"rating_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctors_rating_range" CHECK ("doctors"."average_rating" is null or ("doctors"."average_rating" >= 1 and "doctors"."average_rating" <= 5))
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storefront_id" uuid NOT NULL,
	"order_id" uuid,
	"doctor_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" "appointment_status" DEFAULT 'booked' NOT NULL,
	"visit_type" smallint,
	"invitee_name" text NOT NULL,
	"invitee_email" text NOT NULL,
	"invitee_phone" text NOT NULL,
	"patient_time_zone" text NOT NULL,
	"reschedule_token_hash" text,
	"token_expires_at" timestamp with time zone,
	"calendar_uid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"rescheduled_from_id" uuid,
	"created_by_user_id" uuid,
	"guest_session_id" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_rescheduleTokenHash_unique" UNIQUE("reschedule_token_hash")
);
--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_licenses" ADD CONSTRAINT "doctor_licenses_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_scheduling_settings" ADD CONSTRAINT "doctor_scheduling_settings_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_rescheduled_from_id_appointments_id_fk" FOREIGN KEY ("rescheduled_from_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_guest_session_id_sessions_id_fk" FOREIGN KEY ("guest_session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_exceptions_doctor_date_idx" ON "availability_exceptions" USING btree ("doctor_id","date");--> statement-breakpoint
CREATE INDEX "availability_rules_doctor_idx" ON "availability_rules" USING btree ("doctor_id");--> statement-breakpoint
CREATE INDEX "doctor_licenses_state_idx" ON "doctor_licenses" USING btree ("state");--> statement-breakpoint
CREATE INDEX "doctors_company_idx" ON "doctors" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_doctor_start_live" ON "appointments" USING btree ("doctor_id","starts_at") WHERE "appointments"."status" in ('booked', 'completed', 'missed');--> statement-breakpoint
CREATE INDEX "appointments_doctor_time_idx" ON "appointments" USING btree ("doctor_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_order_idx" ON "appointments" USING btree ("order_id");