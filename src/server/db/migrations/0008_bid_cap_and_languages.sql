ALTER TABLE "jobs" ADD COLUMN "bid_cap" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "bid_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "block_bid_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "bust_bid_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profiles" ADD COLUMN "languages" text[] DEFAULT '{en}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "business_profiles_languages_idx" ON "business_profiles" USING gin ("languages");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_bid_cap" CHECK ("jobs"."bid_cap" IS NULL OR ("jobs"."bid_cap" >= 1 AND "jobs"."bid_count" <= "jobs"."bid_cap" AND "jobs"."block_bid_count" <= 2 AND "jobs"."bust_bid_count" <= 1));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_bid_counts_non_negative" CHECK ("jobs"."bid_count" >= 0 AND "jobs"."block_bid_count" >= 0 AND "jobs"."bust_bid_count" >= 0);--> statement-breakpoint
ALTER TABLE "business_profiles" ADD CONSTRAINT "business_profiles_languages_count" CHECK (cardinality("business_profiles"."languages") BETWEEN 1 AND 10);--> statement-breakpoint
-- Jobs posted before the cap keep none (bid_cap null); their counters start from the bids they already hold.
UPDATE "jobs" SET "bid_count" = c.total, "block_bid_count" = c.block, "bust_bid_count" = c.bust
FROM (SELECT "job_id", count(*)::int AS total, (count(*) FILTER (WHERE "tier" = 'block'))::int AS block,
    (count(*) FILTER (WHERE "tier" = 'bust'))::int AS bust
  FROM "bids" GROUP BY "job_id") AS c
WHERE "jobs"."id" = c."job_id";
