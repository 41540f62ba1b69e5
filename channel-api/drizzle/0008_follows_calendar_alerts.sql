CREATE TABLE "alert_mails" (
	"user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alert_mails_user_id_event_id_kind_pk" PRIMARY KEY("user_id","event_id","kind")
);
--> statement-breakpoint
CREATE TABLE "calendar_event_versions" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD COLUMN "alert_go_live" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "favorites" ADD COLUMN "alert_reminder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_mails" ADD CONSTRAINT "alert_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_mails" ADD CONSTRAINT "alert_mails_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_versions" ADD CONSTRAINT "calendar_event_versions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_mails_event_idx" ON "alert_mails" USING btree ("event_id");