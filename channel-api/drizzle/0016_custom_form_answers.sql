CREATE TABLE "custom_form_answers" (
	"user_id" integer NOT NULL,
	"alias" text NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_form_answers_user_id_alias_pk" PRIMARY KEY("user_id","alias")
);
--> statement-breakpoint
ALTER TABLE "custom_form_answers" ADD CONSTRAINT "custom_form_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;