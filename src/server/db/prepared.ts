/**
 * A read built once per database handle, for the reads every first render of a product page makes:
 * drizzle builds a query's SQL anew on each call, and for a product's read that cost twice what
 * sending and reading it did (0.35 against 0.15 ms of a core, bench/ on PostgreSQL). Prepared
 * under a name, PostgreSQL also parses it once per connection. Only for the app's own handle
 * (`db`), never a transaction's: a shopper's runs under another role.
 */
import type { Db } from './client.ts';

export function preparedOn<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
