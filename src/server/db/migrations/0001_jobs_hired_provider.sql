ALTER TABLE "jobs" ADD COLUMN "hired_provider_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "service_request_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_hired_provider_id_users_id_fk" FOREIGN KEY ("hired_provider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_hired_provider_idx" ON "jobs" USING btree ("hired_provider_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_service_request_key" ON "jobs" USING btree ("service_request_id");