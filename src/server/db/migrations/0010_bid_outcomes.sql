ALTER TABLE "bids" ADD COLUMN "viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bids_unviewed_pending_idx" ON "bids" USING btree ("created_at") WHERE "bids"."status" = 'pending' and "bids"."viewed_at" is null;