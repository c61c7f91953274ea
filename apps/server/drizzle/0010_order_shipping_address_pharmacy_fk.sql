ALTER TABLE "orders" ADD COLUMN "ship_full_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_line1" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_line2" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_city" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_zip" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacies"("id") ON DELETE set null ON UPDATE no action;