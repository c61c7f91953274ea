CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"phone" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"npi" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"fax" text,
	"address_line" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"is_partner" boolean DEFAULT false NOT NULL,
	"is_patient_created" boolean DEFAULT false NOT NULL,
	"created_by_user_id" uuid,
	"guest_session_id" uuid,
	"storefront_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pharmacies_patient_created_has_owner" CHECK ("pharmacies"."is_patient_created" = false or "pharmacies"."storefront_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacies" ADD CONSTRAINT "pharmacies_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacies" ADD CONSTRAINT "pharmacies_guest_session_id_sessions_id_fk" FOREIGN KEY ("guest_session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacies" ADD CONSTRAINT "pharmacies_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pharmacies_directory_npi_unique" ON "pharmacies" USING btree ("npi") WHERE "pharmacies"."is_patient_created" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "pharmacies_partner_storefront_unique" ON "pharmacies" USING btree ("storefront_id") WHERE "pharmacies"."is_partner" = true;--> statement-breakpoint
CREATE INDEX "pharmacies_location_idx" ON "pharmacies" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "pharmacies_city_idx" ON "pharmacies" USING btree (lower("city"),"state");--> statement-breakpoint
CREATE INDEX "pharmacies_owner_user_idx" ON "pharmacies" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "pharmacies_owner_guest_idx" ON "pharmacies" USING btree ("guest_session_id");