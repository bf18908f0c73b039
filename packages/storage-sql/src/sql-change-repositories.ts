import type { Change } from "@bollard/core";
import type { ChangeRepository } from "@bollard/core/storage";
import { docsOf, idEquals, pageOfDocs, type SqlScope } from "./sql-rows.js";
import { rowsOf } from "./sql-records.js";
import { insertRows } from "./sql-writes.js";

/** The history of shipments and containers: append-only, read per record newest first. */
export function sqlChangeRepository(scope: SqlScope): ChangeRepository {
  const { read, dialect } = scope;
  const ofResource = (accountId: string, type: string, id: string) =>
    read.selectFrom("changes").where(idEquals(dialect, "account_id", accountId)).where("resource_type", "=", type).where(idEquals(dialect, "resource_id", id));
  return {
    async insertMany(changes) {
      await insertRows(scope, "changes", changes.map((change) => rowsOf.changes(change, dialect)), { kind: "fail", noun: "change" });
    },
    listByResource(accountId, type, id, page) {
      return pageOfDocs<Change>(dialect, ofResource(accountId, type, id), (ordered) => ordered.orderBy("learned_at", "desc").orderBy("id", "desc"), page);
    },
    async listLearnedAfter(accountId, type, id, after) {
      const rows = await ofResource(accountId, type, id).where("learned_at", ">", dialect.time(after)).select("doc").orderBy("learned_at", "desc").orderBy("id", "desc").execute();
      return docsOf<Change>(dialect, rows);
    },
  };
}
