DROP INDEX "service_capabilities_category_idx";--> statement-breakpoint
ALTER TABLE "business_profiles" ADD COLUMN "rating" numeric(3, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_capabilities" ADD COLUMN "rank_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "service_capabilities" ADD COLUMN "rank_rating" numeric(3, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_capabilities" ADD COLUMN "rank_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Decision 047: the directory's order (verified, rating, name) kept where an index can hand it out. The rating is
-- copied from the summaries by refreshRatingSummary from now on; these statements copy what exists.
UPDATE "business_profiles" SET "rating" = s."average_rating" FROM "provider_rating_summaries" s WHERE s."business_profile_id" = "business_profiles"."id" AND s."average_rating" <> 0;--> statement-breakpoint
UPDATE "service_capabilities" SET "rank_verified" = p."is_verified", "rank_rating" = p."rating", "rank_name" = p."business_name" FROM "business_profiles" p WHERE p."id" = "service_capabilities"."business_profile_id";--> statement-breakpoint
-- A service takes its profile's rank when it is written, whatever writes it.
CREATE FUNCTION "service_capabilities_take_rank"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p."is_verified", p."rating", p."business_name" INTO NEW."rank_verified", NEW."rank_rating", NEW."rank_name"
    FROM "business_profiles" p WHERE p."id" = NEW."business_profile_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "service_capabilities_take_rank" BEFORE INSERT OR UPDATE OF "business_profile_id" ON "service_capabilities"
  FOR EACH ROW EXECUTE FUNCTION "service_capabilities_take_rank"();--> statement-breakpoint
-- A profile whose rank changes hands it to its services, in the same transaction.
CREATE FUNCTION "business_profiles_give_rank"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "service_capabilities" SET "rank_verified" = NEW."is_verified", "rank_rating" = NEW."rating",
      "rank_name" = NEW."business_name"
    WHERE "business_profile_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "business_profiles_give_rank" AFTER UPDATE OF "is_verified", "rating", "business_name" ON "business_profiles"
  FOR EACH ROW WHEN (OLD."is_verified" IS DISTINCT FROM NEW."is_verified" OR OLD."rating" IS DISTINCT FROM NEW."rating"
    OR OLD."business_name" IS DISTINCT FROM NEW."business_name")
  EXECUTE FUNCTION "business_profiles_give_rank"();--> statement-breakpoint
CREATE INDEX "business_profiles_rank_idx" ON "business_profiles" USING btree ("is_verified" DESC NULLS FIRST,"rating" DESC NULLS FIRST,"business_name","id");--> statement-breakpoint
CREATE INDEX "service_capabilities_category_idx" ON "service_capabilities" USING btree ("category_id","rank_verified" DESC NULLS FIRST,"rank_rating" DESC NULLS FIRST,"rank_name","business_profile_id");