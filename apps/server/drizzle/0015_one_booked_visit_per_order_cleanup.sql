-- Custom SQL migration file, put your code below! ---- Before one booked visit per order is enforced (next migration): an order that a race left with
-- several booked visits keeps its newest; the others are cancelled (issue 13, rebook race).
UPDATE "appointments" SET "status" = 'cancelled', "cancelled_at" = now(), "updated_at" = now()
WHERE "status" = 'booked' AND "order_id" IS NOT NULL AND "id" NOT IN (
  SELECT DISTINCT ON ("order_id") "id" FROM "appointments"
  WHERE "status" = 'booked' AND "order_id" IS NOT NULL
  ORDER BY "order_id", "created_at" DESC, "id"
);
