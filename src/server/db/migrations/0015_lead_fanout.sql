CREATE TABLE "lead_fanouts" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lead_fanouts" ADD CONSTRAINT "lead_fanouts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_fanouts_pending_idx" ON "lead_fanouts" USING btree ("created_at") WHERE "lead_fanouts"."done_at" is null;