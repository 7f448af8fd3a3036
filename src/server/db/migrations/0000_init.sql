CREATE TYPE "public"."bid_status" AS ENUM('pending', 'accepted', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."bid_tier" AS ENUM('regular', 'block', 'bust');--> statement-breakpoint
CREATE TYPE "public"."business_type" AS ENUM('sole_proprietor', 'llc', 'corporation', 'partnership', 'other');--> statement-breakpoint
CREATE TYPE "public"."credit_transaction_type" AS ENUM('bonus', 'purchase', 'promo', 'bid', 'refund', 'adjustment');--> statement-breakpoint
CREATE TYPE "public"."intelligence_level" AS ENUM('block', 'bust');--> statement-breakpoint
CREATE TYPE "public"."job_status" AS ENUM('open', 'in_progress', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."job_timeline" AS ENUM('asap', 'month', 'flexible');--> statement-breakpoint
CREATE TYPE "public"."milestone_status" AS ENUM('pending', 'completed');--> statement-breakpoint
CREATE TYPE "public"."service_request_status" AS ENUM('pending', 'accepted', 'declined', 'cancelled', 'completed');--> statement-breakpoint
CREATE TYPE "public"."urgency" AS ENUM('immediate', 'urgent', 'normal', 'flexible');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('customer', 'provider');--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"oidc_subject" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"profile_image_url" text,
	"role" "user_role" DEFAULT 'customer' NOT NULL,
	"can_provide_services" boolean DEFAULT false NOT NULL,
	"can_request_services" boolean DEFAULT true NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_credits_non_negative" CHECK ("users"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(255) PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"icon" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category_id" integer,
	"customer_id" uuid NOT NULL,
	"budget_min" numeric(10, 2),
	"budget_max" numeric(10, 2),
	"zip_code" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"county" text,
	"full_address" text,
	"location" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"timeline" "job_timeline",
	"status" "job_status" DEFAULT 'open' NOT NULL,
	"requires_license" boolean DEFAULT false NOT NULL,
	"requires_insurance" boolean DEFAULT false NOT NULL,
	"requires_references" boolean DEFAULT false NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_budget_min_non_negative" CHECK ("jobs"."budget_min" IS NULL OR "jobs"."budget_min" >= 0),
	CONSTRAINT "jobs_budget_max_non_negative" CHECK ("jobs"."budget_max" IS NULL OR "jobs"."budget_max" >= 0),
	CONSTRAINT "jobs_budget_range" CHECK ("jobs"."budget_min" IS NULL OR "jobs"."budget_max" IS NULL OR "jobs"."budget_min" <= "jobs"."budget_max")
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"message" text,
	"estimated_duration" text,
	"tier" "bid_tier" DEFAULT 'regular' NOT NULL,
	"credits_cost" integer DEFAULT 9 NOT NULL,
	"status" "bid_status" DEFAULT 'pending' NOT NULL,
	"revised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bids_job_provider_key" UNIQUE("job_id","provider_id"),
	CONSTRAINT "bids_amount_non_negative" CHECK ("bids"."amount" >= 0),
	CONSTRAINT "bids_credits_cost_positive" CHECK ("bids"."credits_cost" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"type" "credit_transaction_type" NOT NULL,
	"description" text NOT NULL,
	"description_params" text,
	"stripe_payment_intent_id" text,
	"bid_id" uuid,
	"promo_code_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_transactions_amount_non_zero" CHECK ("credit_transactions"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"reviewee_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"quality_rating" integer,
	"timeliness_rating" integer,
	"communication_rating" integer,
	"value_rating" integer,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_job_reviewer_key" UNIQUE("job_id","reviewer_id"),
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_sub_ratings_range" CHECK (coalesce("reviews"."quality_rating", 1) BETWEEN 1 AND 5 AND coalesce("reviews"."timeliness_rating", 1) BETWEEN 1 AND 5
        AND coalesce("reviews"."communication_rating", 1) BETWEEN 1 AND 5 AND coalesce("reviews"."value_rating", 1) BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_job_provider_key" UNIQUE("job_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"content" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_content_not_blank" CHECK (length(trim("messages"."content")) > 0)
);
--> statement-breakpoint
CREATE TABLE "milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"title" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" "milestone_status" DEFAULT 'pending' NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"business_name" text NOT NULL,
	"business_type" "business_type" NOT NULL,
	"description" text,
	"website" text,
	"phone" text,
	"business_address" text,
	"business_zip_code" text,
	"business_city" text,
	"business_state" text,
	"years_in_business" integer DEFAULT 0 NOT NULL,
	"employee_count" integer DEFAULT 1 NOT NULL,
	"logo_url" text,
	"cover_image_url" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_profiles_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "business_profiles_years_non_negative" CHECK ("business_profiles"."years_in_business" >= 0),
	CONSTRAINT "business_profiles_employees_positive" CHECK ("business_profiles"."employee_count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "service_capabilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_profile_id" uuid NOT NULL,
	"category_id" integer NOT NULL,
	"is_specialty" boolean DEFAULT false NOT NULL,
	"price_range_min" numeric(10, 2),
	"price_range_max" numeric(10, 2),
	"experience_years" integer,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_capabilities_experience_range" CHECK ("service_capabilities"."experience_years" IS NULL OR "service_capabilities"."experience_years" BETWEEN 0 AND 50)
);
--> statement-breakpoint
CREATE TABLE "service_areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_profile_id" uuid NOT NULL,
	"zip_code" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"county" text,
	"latitude" double precision,
	"longitude" double precision,
	"radius_miles" integer DEFAULT 25 NOT NULL,
	"travel_fee" numeric(10, 2) DEFAULT '0' NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_areas_radius_range" CHECK ("service_areas"."radius_miles" BETWEEN 1 AND 200),
	CONSTRAINT "service_areas_travel_fee_non_negative" CHECK ("service_areas"."travel_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_profile_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"issuing_authority" text NOT NULL,
	"credential_number" text,
	"issue_date" date,
	"expiration_date" date,
	"is_verified" boolean DEFAULT false NOT NULL,
	"document_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_profile_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category_id" integer,
	"project_value" numeric(10, 2),
	"completed_at" date,
	"location" text,
	"before_image_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"after_image_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"video_url" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"featured_order" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_rating_summaries" (
	"business_profile_id" uuid PRIMARY KEY NOT NULL,
	"total_ratings" integer DEFAULT 0 NOT NULL,
	"average_rating" numeric(3, 2) DEFAULT '0' NOT NULL,
	"one_star_count" integer DEFAULT 0 NOT NULL,
	"two_star_count" integer DEFAULT 0 NOT NULL,
	"three_star_count" integer DEFAULT 0 NOT NULL,
	"four_star_count" integer DEFAULT 0 NOT NULL,
	"five_star_count" integer DEFAULT 0 NOT NULL,
	"quality_rating" numeric(3, 2),
	"timeliness_rating" numeric(3, 2),
	"communication_rating" numeric(3, 2),
	"value_rating" numeric(3, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"business_name" text,
	"description" text,
	"service_radius" integer DEFAULT 25 NOT NULL,
	"service_categories" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"is_licensed" boolean DEFAULT false NOT NULL,
	"is_insured" boolean DEFAULT false NOT NULL,
	"portfolio_images" text[] DEFAULT '{}'::text[] NOT NULL,
	"website" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_profiles_radius_range" CHECK ("provider_profiles"."service_radius" BETWEEN 1 AND 500)
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"service_type" text NOT NULL,
	"urgency" "urgency" DEFAULT 'normal' NOT NULL,
	"budget" numeric(10, 2),
	"preferred_date" date,
	"location" text,
	"status" "service_request_status" DEFAULT 'pending' NOT NULL,
	"customer_notes" text,
	"provider_response" text,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_requests_budget_positive" CHECK ("service_requests"."budget" IS NULL OR "service_requests"."budget" > 0)
);
--> statement-breakpoint
CREATE TABLE "competitive_intelligence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"bid_id" uuid,
	"intelligence_level" "intelligence_level" NOT NULL,
	"credits_spent" integer NOT NULL,
	"total_competitors" integer DEFAULT 0 NOT NULL,
	"competitor_tier_counts" jsonb,
	"activity_level" text,
	"average_bid_range" jsonb,
	"bust_advantage_active" boolean DEFAULT true NOT NULL,
	"competitor_details" jsonb,
	"bid_timing_analysis" jsonb,
	"block_response_window" timestamp with time zone,
	"bust_priority_until" timestamp with time zone,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "competitive_intelligence_job_provider_key" UNIQUE("job_id","provider_id"),
	CONSTRAINT "competitive_intelligence_credits_positive" CHECK ("competitive_intelligence"."credits_spent" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"credits_amount" integer NOT NULL,
	"max_uses" integer,
	"current_uses" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"description" text,
	"created_by" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_credits_positive" CHECK ("promo_codes"."credits_amount" >= 1),
	CONSTRAINT "promo_codes_max_uses_positive" CHECK ("promo_codes"."max_uses" IS NULL OR "promo_codes"."max_uses" >= 1),
	CONSTRAINT "promo_codes_uses_within_max" CHECK ("promo_codes"."max_uses" IS NULL OR "promo_codes"."current_uses" <= "promo_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "promo_code_usages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"promo_code_id" uuid NOT NULL,
	"credits_received" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_code_usages_user_code_key" UNIQUE("user_id","promo_code_id")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewee_id_users_id_fk" FOREIGN KEY ("reviewee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_profiles" ADD CONSTRAINT "business_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_capabilities" ADD CONSTRAINT "service_capabilities_business_profile_id_business_profiles_id_fk" FOREIGN KEY ("business_profile_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_capabilities" ADD CONSTRAINT "service_capabilities_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_areas" ADD CONSTRAINT "service_areas_business_profile_id_business_profiles_id_fk" FOREIGN KEY ("business_profile_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_business_profile_id_business_profiles_id_fk" FOREIGN KEY ("business_profile_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_business_profile_id_business_profiles_id_fk" FOREIGN KEY ("business_profile_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_rating_summaries" ADD CONSTRAINT "provider_rating_summaries_business_profile_id_business_profiles_id_fk" FOREIGN KEY ("business_profile_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitive_intelligence" ADD CONSTRAINT "competitive_intelligence_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitive_intelligence" ADD CONSTRAINT "competitive_intelligence_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitive_intelligence" ADD CONSTRAINT "competitive_intelligence_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_usages" ADD CONSTRAINT "promo_code_usages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_usages" ADD CONSTRAINT "promo_code_usages_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_subject_key" ON "users" USING btree ("oidc_subject");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "jobs_status_created_idx" ON "jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "jobs_customer_idx" ON "jobs" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "bids_provider_idx" ON "bids" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE INDEX "bids_job_created_idx" ON "bids" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_transactions_user_idx" ON "credit_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transactions_payment_intent_key" ON "credit_transactions" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transactions_bid_type_key" ON "credit_transactions" USING btree ("bid_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transactions_bonus_once_key" ON "credit_transactions" USING btree ("user_id") WHERE "credit_transactions"."type" = 'bonus';--> statement-breakpoint
CREATE INDEX "reviews_reviewee_idx" ON "reviews" USING btree ("reviewee_id","created_at");--> statement-breakpoint
CREATE INDEX "conversations_customer_idx" ON "conversations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "conversations_provider_idx" ON "conversations" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("receiver_id") WHERE NOT "messages"."is_read";--> statement-breakpoint
CREATE INDEX "milestones_job_idx" ON "milestones" USING btree ("job_id","sort_order");--> statement-breakpoint
CREATE INDEX "service_capabilities_profile_idx" ON "service_capabilities" USING btree ("business_profile_id");--> statement-breakpoint
CREATE INDEX "service_capabilities_category_idx" ON "service_capabilities" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "service_areas_profile_idx" ON "service_areas" USING btree ("business_profile_id");--> statement-breakpoint
CREATE INDEX "credentials_profile_idx" ON "credentials" USING btree ("business_profile_id");--> statement-breakpoint
CREATE INDEX "portfolio_items_profile_idx" ON "portfolio_items" USING btree ("business_profile_id");--> statement-breakpoint
CREATE INDEX "service_requests_provider_idx" ON "service_requests" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_customer_idx" ON "service_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id");