-- Issue 28. The audit log: one row per row a request changed, written by the trigger below in the changing transaction.
-- The trigger records only when the transaction carries an audit context (core/audit/context.ts sets `audit.context`
-- for the transactions of API requests); its first argument names the row's key column, the others the columns it
-- never records (generated ones). Columns named like password, token, secret or hash are never recorded either.
-- audit_attach(skip) attaches it to every table of the schema that lacks it, but audit_log and `skip`.
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"ip" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  context jsonb := nullif(current_setting('audit.context', true), '')::jsonb;
  old_row jsonb;
  new_row jsonb;
  changed jsonb := '{}'::jsonb;
  field text;
BEGIN
  IF context IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_row := to_jsonb(OLD);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_row := to_jsonb(NEW);
  END IF;
  FOR field IN SELECT jsonb_object_keys(coalesce(new_row, old_row)) LOOP
    CONTINUE WHEN field ~* '(password|token|secret|hash)' OR field IN ('created_at', 'updated_at') OR field = ANY (TG_ARGV[1:]);
    IF coalesce(old_row -> field, 'null'::jsonb) IS DISTINCT FROM coalesce(new_row -> field, 'null'::jsonb) THEN
      changed := changed || jsonb_build_object(field, jsonb_build_object('before', old_row -> field, 'after', new_row -> field));
    END IF;
  END LOOP;
  IF changed = '{}'::jsonb THEN
    RETURN NULL;
  END IF;
  INSERT INTO audit_log (at, actor_user_id, ip, action, entity, entity_id, changes)
  VALUES (
    coalesce((context ->> 'at')::timestamptz, now()),
    (context ->> 'actor')::uuid,
    context ->> 'ip',
    coalesce(context ->> 'action', CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'edit' ELSE 'delete' END),
    TG_TABLE_NAME,
    coalesce(new_row, old_row) ->> TG_ARGV[0],
    changed
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_attach(skip text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t record;
  key_column text;
  hidden text[];
BEGIN
  -- Processes starting together on one PostgreSQL attach one after the other.
  PERFORM pg_advisory_xact_lock(727002);
  FOR t IN
    SELECT c.oid, c.relname FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
    WHERE g.tgname = 'audit_row_change' AND c.relname::text = ANY (skip)
  LOOP
    EXECUTE format('DROP TRIGGER audit_row_change ON %I', t.relname);
  END LOOP;
  FOR t IN
    SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname <> 'audit_log' AND NOT (c.relname::text = ANY (skip))
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'audit_row_change')
  LOOP
    key_column := NULL;
    SELECT a.attname INTO key_column FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
    WHERE i.indrelid = t.oid AND i.indisprimary;
    IF key_column IS NULL THEN
      SELECT a.attname INTO key_column FROM pg_attribute a WHERE a.attrelid = t.oid AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum LIMIT 1;
    END IF;
    SELECT coalesce(array_agg(a.attname::text), '{}') INTO hidden FROM pg_attribute a
    WHERE a.attrelid = t.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated <> '';
    EXECUTE format(
      'CREATE TRIGGER audit_row_change AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION audit_row_change(%s)',
      t.relname,
      (SELECT string_agg(quote_literal(x), ',') FROM unnest(key_column || hidden) x)
    );
  END LOOP;
END
$$;
