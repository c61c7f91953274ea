ALTER TABLE "payment_methods" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "sandbox_gateway_payment_methods" ADD COLUMN "fingerprint" text;