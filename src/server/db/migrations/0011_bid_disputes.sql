CREATE TYPE "public"."bid_dispute_reason" AS ENUM('wrong_category', 'outside_area', 'unreachable_customer', 'duplicate_job', 'spam', 'other');--> statement-breakpoint
CREATE TYPE "public"."bid_dispute_status" AS ENUM('open', 'approved', 'refused');--> statement-breakpoint
CREATE TABLE "bid_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bid_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"reason" "bid_dispute_reason" NOT NULL,
	"details" text,
	"status" "bid_dispute_status" DEFAULT 'open' NOT NULL,
	"note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bid_disputes_bid_key" UNIQUE("bid_id"),
	CONSTRAINT "bid_disputes_decided" CHECK (("bid_disputes"."status" = 'open') = ("bid_disputes"."decided_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "bid_disputes" ADD CONSTRAINT "bid_disputes_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_disputes" ADD CONSTRAINT "bid_disputes_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_disputes" ADD CONSTRAINT "bid_disputes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bid_disputes_provider_idx" ON "bid_disputes" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE INDEX "bid_disputes_open_idx" ON "bid_disputes" USING btree ("created_at") WHERE "bid_disputes"."status" = 'open';