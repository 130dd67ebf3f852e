-- Issue 39. The keys that sign calendar-feed addresses and unsubscribe links leave the database: they come from
-- SIGNING_KEY or DATA_DIR/signing-keys.json (core/secrets.ts). The rows an older version kept here were copied into
-- the key file at start, before this migration (importLegacySecrets), so the links already given keep working.
DROP TABLE IF EXISTS "server_secrets";
