CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"visitor" text NOT NULL,
	"session_id" uuid,
	"user_id" integer,
	"path" text,
	"page_kind" text,
	"event_id" integer,
	"vod_id" integer,
	"product_type" text,
	"product_id" integer,
	"trk" text,
	"video_view_id" uuid,
	"position" integer,
	"props" jsonb
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"user_id" integer,
	"trk" text,
	"device_type" text,
	"platform" text,
	"resolution" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"session_id" uuid,
	"user_id" integer,
	"stream_id" text NOT NULL,
	"stream_type" text NOT NULL,
	"event_id" integer,
	"vod_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"segment_seconds" integer DEFAULT 0 NOT NULL,
	"player_seconds" integer DEFAULT 0 NOT NULL,
	"watched_seconds" integer GENERATED ALWAYS AS (GREATEST(segment_seconds, player_seconds)) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trk" text;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD CONSTRAINT "analytics_sessions_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_views" ADD CONSTRAINT "video_views_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_at_brin" ON "analytics_events" USING brin ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_sessions_visitor_uq" ON "analytics_sessions" USING btree ("channel_id","visitor");--> statement-breakpoint
CREATE INDEX "analytics_sessions_started_idx" ON "analytics_sessions" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "video_views_visitor_stream_idx" ON "video_views" USING btree ("channel_id","visitor","stream_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "video_views_started_idx" ON "video_views" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "video_views_event_idx" ON "video_views" USING btree ("event_id","started_at");