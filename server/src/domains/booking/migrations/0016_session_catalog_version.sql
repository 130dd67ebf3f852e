-- The version of what the calendar keeps of each session between requests (training-sessions/session-catalog.ts):
-- the session's values, its table, its group and the group's tables, its qualifications. Raised once by any
-- transaction that changes them, at its commit; the calendar's statements read it in the same snapshot as their rows.
CREATE TABLE "session_catalog_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("id"),
	"version" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO "session_catalog_version" DEFAULT VALUES;--> statement-breakpoint
-- Once a transaction, as raise_member_directory_version (0015): a transaction-local setting remembers it.
CREATE FUNCTION "raise_session_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('booking.session_catalog_raised', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('booking.session_catalog_raised', 'on', true);
    UPDATE "session_catalog_version" SET "version" = "version" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Deferred to the commit, so the version's row is locked after every other lock a transaction takes. A session's
-- insert raises it too: a group's new session adds a table to the group's tables, which its other sessions show.
-- A new game table is in no session yet: inserts of game tables and groups do not raise it.
CREATE CONSTRAINT TRIGGER "training_sessions_session_catalog" AFTER INSERT OR DELETE OR UPDATE ON "training_sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_session_catalog_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "training_session_groups_session_catalog" AFTER DELETE OR UPDATE ON "training_session_groups"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_session_catalog_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "training_session_qualifications_session_catalog" AFTER INSERT OR DELETE OR UPDATE ON "training_session_qualifications"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_session_catalog_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "game_tables_session_catalog" AFTER DELETE OR UPDATE ON "game_tables"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_session_catalog_version"();
