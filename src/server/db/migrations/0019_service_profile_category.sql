-- Decision 056: a profile's services by (profile, category), so whether a covering area's profile offers a category
-- is answered from the index alone; it also serves every lookup of a profile's services the old index did.
CREATE INDEX "service_capabilities_profile_category_idx" ON "service_capabilities" USING btree ("business_profile_id","category_id");--> statement-breakpoint
DROP INDEX "service_capabilities_profile_idx";
