ALTER TABLE "channels" ADD COLUMN "catalogue_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every statement that changes what the public game lists read (games, their teams, sports) bumps
-- the channels' catalogue version in its own transaction, so an answer kept for a version is never
-- served after the change commits (channel-api/services/catalogue-answers.ts, ADR 062).
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "channels" SET "catalogue_version" = "catalogue_version" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "event_participants_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_participants" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "participants_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "participants" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "event_categories_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
