CREATE TABLE "downloads" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "downloads_user_id_kind_item_id_pk" PRIMARY KEY("user_id","kind","item_id")
);
--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "uuid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "event_media_id" integer;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "clips" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "capabilities" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "capabilities" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clips_event_idx" ON "clips" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_uuid_unique" UNIQUE("uuid");--> statement-breakpoint
UPDATE "packages" SET "capabilities" = CASE WHEN "type" = 'event' THEN '["watch"]'::jsonb ELSE '["watch","clipping"]'::jsonb END;--> statement-breakpoint
UPDATE "subscriptions" SET "capabilities" = '["watch","download","clipping","download_clip","no_ads","vod_media_access"]'::jsonb;
