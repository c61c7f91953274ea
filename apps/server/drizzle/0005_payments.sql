CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"gateway_customer_id" text NOT NULL,
	"gateway_payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"billing_address" jsonb,
	"is_current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_last4" CHECK ("payment_methods"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payment_methods_exp" CHECK ("payment_methods"."exp_month" between 1 and 12 and "payment_methods"."exp_year" between 2000 and 2200)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"storefront_id" uuid NOT NULL,
	"user_id" uuid,
	"guest_session_id" uuid,
	"payment_method_id" uuid,
	"gateway" text NOT NULL,
	"gateway_source_id" text,
	"gateway_intent_id" text,
	"gateway_refund_id" text,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"capture_requested" boolean NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"failure_code" text,
	"failure_reason" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"authorized_at" timestamp with time zone,
	"captured_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('pending', 'authorized', 'captured', 'voided', 'refunded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text,
	"email" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_idempotency" (
	"key" text PRIMARY KEY NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_method_id" text NOT NULL,
	"customer_id" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"amount_refunded_cents" integer DEFAULT 0 NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"captured_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "sandbox_gateway_intents_amount" CHECK ("sandbox_gateway_intents"."amount_cents" > 0),
	CONSTRAINT "sandbox_gateway_intents_refund" CHECK ("sandbox_gateway_intents"."amount_refunded_cents" between 0 and "sandbox_gateway_intents"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"behaviour" text NOT NULL,
	"billing_details" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"detached_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_guest_session_id_sessions_id_fk" FOREIGN KEY ("guest_session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_intents" ADD CONSTRAINT "sandbox_gateway_intents_payment_method_id_sandbox_gateway_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."sandbox_gateway_payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_payment_methods" ADD CONSTRAINT "sandbox_gateway_payment_methods_customer_id_sandbox_gateway_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."sandbox_gateway_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_refunds" ADD CONSTRAINT "sandbox_gateway_refunds_intent_id_sandbox_gateway_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."sandbox_gateway_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_methods_user_idx" ON "payment_methods" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_gateway_pm_unique" ON "payment_methods" USING btree ("gateway","gateway_payment_method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_current" ON "payment_methods" USING btree ("user_id","gateway") WHERE "payment_methods"."is_current";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key_unique" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_live_unique" ON "payments" USING btree ("order_id") WHERE "payments"."status" in ('pending', 'authorized', 'captured');--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_gateway_pm_customer_idx" ON "sandbox_gateway_payment_methods" USING btree ("customer_id");