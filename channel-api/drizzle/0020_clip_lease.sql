ALTER TABLE "clips" ADD COLUMN "worked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "worked_by" text;--> statement-breakpoint
CREATE INDEX "clips_lease_idx" ON "clips" USING btree ("worked_until") WHERE "clips"."status" = 'queued' AND "clips"."worked_until" IS NOT NULL;