ALTER TABLE "users" ADD COLUMN "weekly_credit_limit" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "low_balance_noticed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_weekly_credit_limit_positive" CHECK ("users"."weekly_credit_limit" >= 1);