DROP INDEX "refill_plans_due_idx";--> statement-breakpoint
CREATE INDEX "refill_plans_due_idx" ON "refill_plans" USING btree ("next_date") WHERE "refill_plans"."status" in ('active', 'once');