ALTER TABLE "bids" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- Decision 051: a bid's refund, kept on the bid by the database as its ledger row is written, so the make-good's
-- index leaves out the bids refunded already. This statement copies what exists.
UPDATE "bids" SET "refunded_at" = t."created_at" FROM "credit_transactions" t WHERE t."bid_id" = "bids"."id" AND t."type" = 'refund';--> statement-breakpoint
-- Before the row goes in, so a refund locks its bid before it takes the (bid_id, type) key, as the make-good (which
-- locks the bid FOR UPDATE first) and a job leaving 'open' (which updates it first) do: one order, no deadlock.
CREATE FUNCTION "credit_transactions_mark_refunded_bid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "bids" SET "refunded_at" = NEW."created_at" WHERE "id" = NEW."bid_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "credit_transactions_mark_refunded_bid" BEFORE INSERT ON "credit_transactions"
  FOR EACH ROW WHEN (NEW."type" = 'refund' AND NEW."bid_id" IS NOT NULL)
  EXECUTE FUNCTION "credit_transactions_mark_refunded_bid"();--> statement-breakpoint
DROP INDEX "bids_unviewed_pending_idx";--> statement-breakpoint
CREATE INDEX "bids_unviewed_pending_idx" ON "bids" USING btree ("created_at") WHERE "bids"."status" = 'pending' and "bids"."viewed_at" is null and "bids"."refunded_at" is null;
