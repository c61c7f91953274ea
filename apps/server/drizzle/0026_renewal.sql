CREATE TABLE "consult_renewals" (
	"consult_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"prescription_id" uuid NOT NULL,
	"plan_id" uuid,
	"source_order_id" uuid NOT NULL,
	"copied_from_consult_id" uuid,
	"dropped_question_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consult_renewals" ADD CONSTRAINT "consult_renewals_consult_id_consults_id_fk" FOREIGN KEY ("consult_id") REFERENCES "public"."consults"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult_renewals" ADD CONSTRAINT "consult_renewals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult_renewals" ADD CONSTRAINT "consult_renewals_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult_renewals" ADD CONSTRAINT "consult_renewals_plan_id_refill_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."refill_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult_renewals" ADD CONSTRAINT "consult_renewals_source_order_id_orders_id_fk" FOREIGN KEY ("source_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult_renewals" ADD CONSTRAINT "consult_renewals_copied_from_consult_id_consults_id_fk" FOREIGN KEY ("copied_from_consult_id") REFERENCES "public"."consults"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consult_renewals_prescription_unique" ON "consult_renewals" USING btree ("prescription_id");--> statement-breakpoint
CREATE INDEX "consult_renewals_order_idx" ON "consult_renewals" USING btree ("order_id");