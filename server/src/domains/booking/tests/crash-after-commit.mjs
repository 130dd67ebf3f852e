/**
 * Test-only preload (node --import) of notices-crash.test.ts: the server process kills itself with SIGKILL right after
 * the commit of the first write whose SQL matches CRASH_AFTER_COMMIT (a regular expression) and that changed rows —
 * a claim committed, its mails not yet delivered. Both drivers: pg's Client (each pool connection tracks its own
 * transaction) and PGlite (its queries and the transactions drizzle opens through it, on each instance from its first
 * statement on).
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const source = process.env.CRASH_AFTER_COMMIT;
if (source) {
  const pattern = new RegExp(source, 'i');
  const die = () => process.kill(process.pid, 'SIGKILL');
  const changed = (r) => (r?.rowCount ?? 0) > 0 || (r?.affectedRows ?? 0) > 0 || (r?.rows?.length ?? 0) > 0;
  const textOf = (q) => (typeof q === 'string' ? q : (q?.text ?? ''));

  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...args) {
    const text = textOf(args[0]);
    const after = (result) => {
      if (/^\s*begin\s*;?\s*$/i.test(text)) this.crashHit = false;
      else if (/^\s*commit\s*;?\s*$/i.test(text)) {
        if (this.crashHit) die();
      } else if (/^\s*rollback\s*;?\s*$/i.test(text)) this.crashHit = false;
      else if (pattern.test(text) && changed(result)) {
        if (this.crashInTx) this.crashHit = true;
        else die();
      }
      if (/^\s*begin\s*;?\s*$/i.test(text)) this.crashInTx = true;
      if (/^\s*(commit|rollback)\s*;?\s*$/i.test(text)) this.crashInTx = false;
    };
    const callbackAt = args.findIndex((a) => typeof a === 'function');
    if (callbackAt >= 0) {
      const callback = args[callbackAt];
      args[callbackAt] = (err, result) => {
        if (!err) after(result);
        callback(err, result);
      };
      return clientQuery.apply(this, args);
    }
    const answer = clientQuery.apply(this, args);
    return answer && typeof answer.then === 'function' ? answer.then((result) => (after(result), result)) : answer;
  };

  // PGlite: hooked on each instance, at its first statement (every query, exec and transaction checks that the
  // database is ready first), over whatever class it is: the server's embedded database is a subclass of PGlite
  // with query() and transaction() of its own (core/db/pglite-statements.ts), which a patch of PGlite.prototype's
  // methods would not see.
  const hook = (db) => {
    if (Object.hasOwn(db, 'crashHooked')) return;
    db.crashHooked = true;
    const query = db.query;
    db.query = async function (text, ...rest) {
      const result = await query.call(this, text, ...rest);
      if (pattern.test(textOf(text)) && changed(result)) die();
      return result;
    };
    const transaction = db.transaction;
    db.transaction = async function (run) {
      let hit = false;
      const result = await transaction.call(this, (tx) => {
        const txQuery = tx.query;
        tx.query = async (text, ...rest) => {
          const answer = await txQuery(text, ...rest);
          if (pattern.test(textOf(text)) && changed(answer)) hit = true;
          return answer;
        };
        return run(tx);
      });
      if (hit) die();
      return result;
    };
  };
  const checkReady = PGlite.prototype._checkReady;
  PGlite.prototype._checkReady = function (...args) {
    hook(this);
    return checkReady.apply(this, args);
  };
}
