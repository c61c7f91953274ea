CREATE TABLE "doctor_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"patient_user_id" uuid NOT NULL,
	"stars" smallint NOT NULL,
	"comment" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "doctor_ratings_stars" CHECK ("doctor_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "visit_notes" (
	"visit_id" uuid PRIMARY KEY NOT NULL,
	"doctor_id" uuid NOT NULL,
	"text" text NOT NULL,
	"signed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_reminders" (
	"appointment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"order_id" uuid,
	"doctor_id" uuid NOT NULL,
	"patient_user_id" uuid,
	"patient_joined_at" timestamp with time zone,
	"doctor_joined_at" timestamp with time zone,
	"admitted_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"outcome" text,
	"phone_fallback_at" timestamp with time zone,
	"quality" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_outcome" CHECK ("visits"."outcome" is null or "visits"."outcome" in ('completed', 'missed_by_patient', 'missed_by_doctor'))
);
--> statement-breakpoint
ALTER TABLE "doctor_ratings" ADD CONSTRAINT "doctor_ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_ratings" ADD CONSTRAINT "doctor_ratings_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_ratings" ADD CONSTRAINT "doctor_ratings_patient_user_id_users_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_reminders" ADD CONSTRAINT "visit_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_patient_user_id_users_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_ratings_order_unique" ON "doctor_ratings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "doctor_ratings_doctor_idx" ON "doctor_ratings" USING btree ("doctor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_reminders_once" ON "visit_reminders" USING btree ("appointment_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_appointment_unique" ON "visits" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "visits_order_idx" ON "visits" USING btree ("order_id");--> statement-breakpoint
-- Bios show only real ratings now (issue 16): the seeded made-up averages go.
UPDATE "doctors" SET "average_rating" = NULL, "rating_count" = 0;
