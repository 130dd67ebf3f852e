-- The version of what other domains show of a member (name, surname, the colour of their best qualification): raised
-- once by any transaction that changes them, at its commit. A member directory kept between requests
-- (registry/users/member-directory.ts) compares it, read in the same snapshot, with the version it was filled at.
CREATE TABLE "member_directory_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("id"),
	"version" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO "member_directory_version" DEFAULT VALUES;--> statement-breakpoint
-- Once a transaction: a transaction-local setting remembers that it raised the version already (renaming thousands
-- of users raises it once). A new user is in no directory yet: inserts do not raise it.
CREATE FUNCTION "raise_member_directory_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('registry.member_directory_raised', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('registry.member_directory_raised', 'on', true);
    UPDATE "member_directory_version" SET "version" = "version" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Deferred to the commit: the version's row is locked only while the transaction commits, after every other lock
-- it takes, so concurrent registry writes wait for each other's commit only, never in a cycle.
CREATE CONSTRAINT TRIGGER "users_member_directory" AFTER DELETE OR UPDATE OF "name", "surname" ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_member_directory_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_qualifications_member_directory" AFTER INSERT OR DELETE OR UPDATE ON "user_qualifications"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_member_directory_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "qualifications_member_directory" AFTER DELETE OR UPDATE OF "name", "color", "priority" ON "qualifications"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_member_directory_version"();
