import type { Party } from "@bollard/core";
import type { PartyRepository } from "@bollard/core/storage";
import { docOf, idEquals, pageOfDocs, scopedGet, type SqlScope } from "./sql-rows.js";
import { rowsOf } from "./sql-records.js";
import { insertRows, replaceRecord } from "./sql-writes.js";

const getParty = scopedGet<Party>("parties");

/** Parties (customers); the unique index on (`account_id`, `company_name`) turns a taken name into `conflict`. */
export function sqlPartyRepository(scope: SqlScope): PartyRepository {
  const { read, dialect } = scope;
  return {
    async insert(party) {
      await insertRows(scope, "parties", [rowsOf.parties(party, dialect)], { kind: "fail", noun: "party" });
    },
    update(party) {
      return replaceRecord(scope, "parties", party, rowsOf.parties, "party");
    },
    get(accountId, id) {
      return getParty(scope, accountId, id);
    },
    async findByName(accountId, companyName) {
      const query = read.selectFrom("parties").select("doc").where(idEquals(dialect, "account_id", accountId)).where("company_name", "=", companyName);
      return docOf<Party>(dialect, await query.executeTakeFirst());
    },
    list(accountId, page) {
      const query = read.selectFrom("parties").where(idEquals(dialect, "account_id", accountId));
      return pageOfDocs<Party>(dialect, query, (ordered) => ordered.orderBy("created_at").orderBy("id"), page);
    },
  };
}
