ALTER TYPE "public"."one_time_code_purpose" ADD VALUE 'staff_login';--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE 'pharmacist';--> statement-breakpoint
CREATE TABLE "access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" uuid NOT NULL,
	"actor_role" text NOT NULL,
	"patient_id" uuid,
	"storefront_id" uuid,
	"what" text NOT NULL,
	"record_id" text NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fulfilments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"prescription_id" uuid,
	"status" text NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"received_at" timestamp with time zone,
	"filled_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfilments_status" CHECK ("fulfilments"."status" in ('received', 'filled', 'shipped', 'delivered', 'ready_for_pickup')),
	CONSTRAINT "fulfilments_tracking" CHECK ("fulfilments"."status" not in ('shipped', 'delivered') or ("fulfilments"."carrier" is not null and "fulfilments"."tracking_number" is not null))
);
--> statement-breakpoint
CREATE TABLE "pharmacy_staff" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fax_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_number" text NOT NULL,
	"to_name" text NOT NULL,
	"document_key" text NOT NULL,
	"pages" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'stored' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flagged_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"questionnaire_version_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"answers" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prescription_transmissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prescription_id" uuid NOT NULL,
	"transport" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"document_key" text,
	"external_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescription_transmissions_status" CHECK ("prescription_transmissions"."status" in ('queued', 'transmitted', 'acknowledged', 'rejected', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"formulary_id" uuid,
	"medication" text NOT NULL,
	"strength" text NOT NULL,
	"form" text NOT NULL,
	"quantity" integer NOT NULL,
	"days_supply" integer NOT NULL,
	"directions" text NOT NULL,
	"refills_authorized" smallint NOT NULL,
	"refills_left" smallint NOT NULL,
	"substitution_allowed" boolean DEFAULT true NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"verification_code_hash" text NOT NULL,
	"received_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "prescriptions_status" CHECK ("prescriptions"."status" in ('active', 'revoked', 'expired')),
	CONSTRAINT "prescriptions_refills" CHECK ("prescriptions"."refills_authorized" between 0 and 11 and "prescriptions"."refills_left" between 0 and "prescriptions"."refills_authorized"),
	CONSTRAINT "prescriptions_positive" CHECK ("prescriptions"."quantity" > 0 and "prescriptions"."days_supply" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_formulary" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"medication" text NOT NULL,
	"strength" text NOT NULL,
	"form" text NOT NULL,
	"quantity" integer NOT NULL,
	"days_supply" integer NOT NULL,
	"max_refills" smallint DEFAULT 0 NOT NULL,
	"directions_template" text DEFAULT '' NOT NULL,
	"dea_schedule" smallint,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_formulary_positive" CHECK ("product_formulary"."quantity" > 0 and "product_formulary"."days_supply" > 0),
	CONSTRAINT "product_formulary_refills" CHECK ("product_formulary"."max_refills" between 0 and 11),
	CONSTRAINT "product_formulary_schedule" CHECK ("product_formulary"."dea_schedule" is null or "product_formulary"."dea_schedule" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "info_requests" ADD COLUMN "answer_upload_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "fulfilments" ADD CONSTRAINT "fulfilments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilments" ADD CONSTRAINT "fulfilments_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilments" ADD CONSTRAINT "fulfilments_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilments" ADD CONSTRAINT "fulfilments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_staff" ADD CONSTRAINT "pharmacy_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_staff" ADD CONSTRAINT "pharmacy_staff_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flagged_answers" ADD CONSTRAINT "flagged_answers_questionnaire_version_id_questionnaire_versions_id_fk" FOREIGN KEY ("questionnaire_version_id") REFERENCES "public"."questionnaire_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_transmissions" ADD CONSTRAINT "prescription_transmissions_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_formulary_id_product_formulary_id_fk" FOREIGN KEY ("formulary_id") REFERENCES "public"."product_formulary"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_formulary" ADD CONSTRAINT "product_formulary_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_patient_idx" ON "access_log" USING btree ("patient_id","at");--> statement-breakpoint
CREATE INDEX "access_log_actor_idx" ON "access_log" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "fulfilments_order_unique" ON "fulfilments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "fulfilments_pharmacy_status_idx" ON "fulfilments" USING btree ("pharmacy_id","status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fax_outbox_key_unique" ON "fax_outbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "flagged_answers_version_idx" ON "flagged_answers" USING btree ("questionnaire_version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prescription_transmissions_key_unique" ON "prescription_transmissions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "prescription_transmissions_prescription_idx" ON "prescription_transmissions" USING btree ("prescription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prescriptions_verification_unique" ON "prescriptions" USING btree ("verification_code_hash");--> statement-breakpoint
CREATE INDEX "prescriptions_order_idx" ON "prescriptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "prescriptions_patient_idx" ON "prescriptions" USING btree ("patient_id","written_at");--> statement-breakpoint
CREATE INDEX "prescriptions_pharmacy_idx" ON "prescriptions" USING btree ("pharmacy_id","written_at");--> statement-breakpoint
CREATE INDEX "product_formulary_product_idx" ON "product_formulary" USING btree ("product_id");--> statement-breakpoint
-- The access log is append-only: no UPDATE or DELETE, whoever the database user is.
CREATE FUNCTION access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'access_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER access_log_no_change BEFORE UPDATE OR DELETE ON "access_log" FOR EACH ROW EXECUTE FUNCTION access_log_append_only();
