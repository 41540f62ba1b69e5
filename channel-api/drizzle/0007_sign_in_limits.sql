CREATE TABLE "sign_in_addresses" (
	"channel_id" integer NOT NULL,
	"account" text NOT NULL,
	"address" text NOT NULL,
	"signed_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_addresses_channel_id_account_address_pk" PRIMARY KEY("channel_id","account","address")
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"account" text NOT NULL,
	"address" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_addresses" ADD CONSTRAINT "sign_in_addresses_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD CONSTRAINT "sign_in_failures_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_addresses_time_idx" ON "sign_in_addresses" USING btree ("signed_in_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_account_idx" ON "sign_in_failures" USING btree ("channel_id","account","failed_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_address_idx" ON "sign_in_failures" USING btree ("channel_id","address","failed_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_time_idx" ON "sign_in_failures" USING btree ("failed_at");