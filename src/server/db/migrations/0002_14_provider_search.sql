DROP TABLE "provider_profiles" CASCADE;--> statement-breakpoint
ALTER TABLE "business_profiles" ADD COLUMN "search_document" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profiles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, search_document) || to_tsvector('spanish'::regconfig, search_document)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "business_profiles_search_idx" ON "business_profiles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "service_areas_lat_lng_idx" ON "service_areas" USING btree ("latitude","longitude");