CREATE TABLE "phone_order_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storefront_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"need" text NOT NULL,
	"best_time" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"handled_by" uuid,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"storefront_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"storage_key" text,
	"content_type" text NOT NULL,
	"size_bytes" integer,
	"source_id" uuid,
	"order_id" uuid,
	"uploaded_by" uuid,
	"visible_to_patient" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "documents_kind" CHECK ("documents"."kind" in ('requisition', 'lab_result', 'prescription', 'visit_summary', 'receipt', 'upload'))
);
--> statement-breakpoint
CREATE TABLE "lab_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"storefront_id" uuid NOT NULL,
	"panel" text NOT NULL,
	"status" text DEFAULT 'ordered' NOT NULL,
	"requisition_document_id" uuid,
	"result_document_id" uuid,
	"resulted_at" timestamp with time zone,
	"resulted_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refill_cycles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"cycle" integer NOT NULL,
	"status" text DEFAULT 'claimed' NOT NULL,
	"order_id" uuid,
	"idempotency_key" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"failure_reason" text,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refill_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prescription_id" uuid NOT NULL,
	"source_order_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"storefront_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"qty" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"cycle_days" integer NOT NULL,
	"next_date" timestamp with time zone NOT NULL,
	"next_cycle" integer DEFAULT 1 NOT NULL,
	"card_id" uuid,
	"notice_sent_for_cycle" integer,
	"renewal_order_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "refill_plans_cycle_days" CHECK ("refill_plans"."cycle_days" between 1 and 365),
	CONSTRAINT "refill_plans_qty" CHECK ("refill_plans"."qty" >= 1)
);
--> statement-breakpoint
ALTER TABLE "phone_order_requests" ADD CONSTRAINT "phone_order_requests_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_order_requests" ADD CONSTRAINT "phone_order_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_cycles" ADD CONSTRAINT "refill_cycles_plan_id_refill_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."refill_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_cycles" ADD CONSTRAINT "refill_cycles_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_plans" ADD CONSTRAINT "refill_plans_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_plans" ADD CONSTRAINT "refill_plans_source_order_id_orders_id_fk" FOREIGN KEY ("source_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_plans" ADD CONSTRAINT "refill_plans_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_plans" ADD CONSTRAINT "refill_plans_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_plans" ADD CONSTRAINT "refill_plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_plans" ADD CONSTRAINT "refill_plans_renewal_order_id_orders_id_fk" FOREIGN KEY ("renewal_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_order_requests_storefront_idx" ON "phone_order_requests" USING btree ("storefront_id","status","created_at");--> statement-breakpoint
CREATE INDEX "documents_patient_idx" ON "documents" USING btree ("patient_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_kind_source_unique" ON "documents" USING btree ("kind","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_orders_order_product_unique" ON "lab_orders" USING btree ("order_id","product_id");--> statement-breakpoint
CREATE INDEX "lab_orders_patient_idx" ON "lab_orders" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refill_cycles_plan_cycle_unique" ON "refill_cycles" USING btree ("plan_id","cycle");--> statement-breakpoint
CREATE UNIQUE INDEX "refill_cycles_key_unique" ON "refill_cycles" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "refill_cycles_retry_idx" ON "refill_cycles" USING btree ("next_attempt_at") WHERE "refill_cycles"."status" = 'declined';--> statement-breakpoint
CREATE UNIQUE INDEX "refill_plans_prescription_live_unique" ON "refill_plans" USING btree ("prescription_id") WHERE "refill_plans"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "refill_plans_patient_idx" ON "refill_plans" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "refill_plans_due_idx" ON "refill_plans" USING btree ("next_date") WHERE "refill_plans"."status" = 'active';--> statement-breakpoint
-- The access log's chain could still be emptied at once: TRUNCATE is refused like UPDATE and DELETE.
CREATE TRIGGER access_log_no_truncate BEFORE TRUNCATE ON "access_log" FOR EACH STATEMENT EXECUTE FUNCTION access_log_append_only();
