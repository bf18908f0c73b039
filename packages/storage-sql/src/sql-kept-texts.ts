import type { KeptTextRepository } from "@bollard/core/storage";
import { type Kysely, sql } from "kysely";
import { readFixed, type SqlScope } from "./sql-rows.js";

/** Keys per statement (each a parameter; rows of a put take four). */
const CHUNK = 250;

// SQLite's direct read: the keys as one JSON array parameter, so the text is fixed whatever their number.
const DIRECT_GET = "select key, text from kept_texts where account_id = ? and stamp = ? and key in (select value from json_each(?))";

/**
 * Texts kept for readers in `kept_texts` (account, key) → (stamp, text): a read is one lookup of
 * the keys' primary key, made directly (synchronously) where the scope can; a put is an upsert,
 * which with `onlyMissing` leaves a row already kept under the same stamp as it is.
 */
export function sqlKeptTextRepository(scope: SqlScope): KeptTextRepository {
  const write = () => scope.write as Kysely<any>;
  return {
    async get(accountId, keys, stamp) {
      const found = new Map<string, string>();
      if (keys.length === 0) return found;
      for (let start = 0; start < keys.length; start += CHUNK) {
        const chunk = keys.slice(start, start + CHUNK);
        const rows = scope.directRead
          ? await readFixed<{ key: string; text: string }>(scope, DIRECT_GET, [accountId, stamp, JSON.stringify(chunk)])
          : await scope.read.selectFrom("kept_texts").select(["key", "text"]).where("account_id", "=", accountId).where("stamp", "=", stamp).where("key", "in", chunk).execute();
        for (const row of rows) found.set(row.key, row.text);
      }
      return found;
    },
    async put(accountId, texts, stamp, options = {}) {
      for (let start = 0; start < texts.length; start += CHUNK) {
        const rows = texts.slice(start, start + CHUNK).map(({ key, text }) => ({ account_id: accountId, key, stamp, text }));
        await write()
          .insertInto("kept_texts")
          .values(rows)
          .onConflict((oc) => {
            const update = oc.columns(["account_id", "key"]).doUpdateSet((eb) => ({ stamp: eb.ref("excluded.stamp"), text: eb.ref("excluded.text") }));
            return options.onlyMissing ? update.where(sql.ref("kept_texts.stamp"), "<>", sql.ref("excluded.stamp")) : update;
          })
          .execute();
      }
    },
    async drop(accountId, keys) {
      for (let start = 0; start < keys.length; start += CHUNK) {
        await write().deleteFrom("kept_texts").where("account_id", "=", accountId).where("key", "in", keys.slice(start, start + CHUNK)).execute();
      }
    },
  };
}
