CREATE TABLE "preroll_dismissals" (
	"user_id" integer NOT NULL,
	"preroll_id" integer NOT NULL,
	"dismissed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "preroll_dismissals_user_id_preroll_id_pk" PRIMARY KEY("user_id","preroll_id")
);
--> statement-breakpoint
ALTER TABLE "preroll_dismissals" ADD CONSTRAINT "preroll_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;