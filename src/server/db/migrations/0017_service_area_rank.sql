ALTER TABLE "service_areas" ADD COLUMN "rank_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "service_areas" ADD COLUMN "rank_rating" numeric(3, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_areas" ADD COLUMN "rank_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Decision 050: the directory's order copied onto each service area as onto each service (0014), so a ZIP search
-- ranks the profiles covering it from the areas alone. These statements copy what exists.
UPDATE "service_areas" SET "rank_verified" = p."is_verified", "rank_rating" = p."rating", "rank_name" = p."business_name" FROM "business_profiles" p WHERE p."id" = "service_areas"."business_profile_id";--> statement-breakpoint
-- One function takes a profile's rank for a row of either table as it is written (it was the services' alone).
CREATE FUNCTION "profile_part_take_rank"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p."is_verified", p."rating", p."business_name" INTO NEW."rank_verified", NEW."rank_rating", NEW."rank_name"
    FROM "business_profiles" p WHERE p."id" = NEW."business_profile_id";
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "service_capabilities_take_rank" ON "service_capabilities";--> statement-breakpoint
DROP FUNCTION "service_capabilities_take_rank"();--> statement-breakpoint
CREATE TRIGGER "service_capabilities_take_rank" BEFORE INSERT OR UPDATE OF "business_profile_id" ON "service_capabilities"
  FOR EACH ROW EXECUTE FUNCTION "profile_part_take_rank"();--> statement-breakpoint
CREATE TRIGGER "service_areas_take_rank" BEFORE INSERT OR UPDATE OF "business_profile_id" ON "service_areas"
  FOR EACH ROW EXECUTE FUNCTION "profile_part_take_rank"();--> statement-breakpoint
-- A profile whose rank changes hands it to its services and its areas, in the same transaction.
CREATE OR REPLACE FUNCTION "business_profiles_give_rank"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "service_capabilities" SET "rank_verified" = NEW."is_verified", "rank_rating" = NEW."rating",
      "rank_name" = NEW."business_name"
    WHERE "business_profile_id" = NEW."id";
  UPDATE "service_areas" SET "rank_verified" = NEW."is_verified", "rank_rating" = NEW."rating",
      "rank_name" = NEW."business_name"
    WHERE "business_profile_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
-- The areas' two GiST indexes hold what a ZIP search reads of an area, so it reads no area row (an index-only scan
-- where the visibility map allows).
DROP INDEX "service_areas_cover_idx";--> statement-breakpoint
CREATE INDEX "service_areas_cover_idx" ON "service_areas" USING gist (box(point("longitude" - ("radius_miles"::float8 / (68.0::float8 * greatest(0.05::float8, cos(radians("latitude"))))), "latitude" - ("radius_miles"::float8 / 68.0::float8)), point("longitude" + ("radius_miles"::float8 / (68.0::float8 * greatest(0.05::float8, cos(radians("latitude"))))), "latitude" + ("radius_miles"::float8 / 68.0::float8)))) INCLUDE ("business_profile_id", "latitude", "longitude", "radius_miles", "rank_verified", "rank_rating", "rank_name");--> statement-breakpoint
DROP INDEX "service_areas_centre_idx";--> statement-breakpoint
CREATE INDEX "service_areas_centre_idx" ON "service_areas" USING gist (point("longitude", "latitude")) INCLUDE ("business_profile_id", "latitude", "longitude", "radius_miles", "rank_verified", "rank_rating", "rank_name");
