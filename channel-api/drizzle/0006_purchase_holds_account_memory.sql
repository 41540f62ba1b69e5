CREATE TABLE "account_memory" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"address_hash" text NOT NULL,
	"trial_used" boolean DEFAULT false NOT NULL,
	"purchased" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "purchased_before" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "max_redemptions_per_user" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_memory" ADD CONSTRAINT "account_memory_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_memory_channel_hash_uq" ON "account_memory" USING btree ("channel_id","address_hash");--> statement-breakpoint
CREATE INDEX "purchases_coupon_idx" ON "purchases" USING btree ("coupon_id");