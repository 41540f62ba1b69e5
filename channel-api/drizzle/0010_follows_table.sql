-- The spec's "favorites" are "follows" in our own names (docs/glossary.md); renames keep every row, id and alert.
ALTER TABLE "favorites" RENAME TO "follows";--> statement-breakpoint
ALTER TABLE "follows" RENAME CONSTRAINT "favorites_user_id_users_id_fk" TO "follows_user_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "favorites_user_item_uq" RENAME TO "follows_user_item_uq";--> statement-breakpoint
ALTER INDEX "favorites_pkey" RENAME TO "follows_pkey";--> statement-breakpoint
ALTER SEQUENCE "favorites_id_seq" RENAME TO "follows_id_seq";
