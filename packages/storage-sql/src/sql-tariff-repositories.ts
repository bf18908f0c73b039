import type { Tariff } from "@bollard/core";
import type { TariffRepository } from "@bollard/core/storage";
import { idEquals, pageOfDocs, scopedGet, type SqlScope } from "./sql-rows.js";
import { rowsOf } from "./sql-records.js";
import { deleteScoped, insertRows, replaceRecord } from "./sql-writes.js";

const getTariff = scopedGet<Tariff>("tariffs");

/** Tariff rules (free time and daily rates) of accounts; the whole rule is the `doc`. */
export function sqlTariffRepository(scope: SqlScope): TariffRepository {
  const { read, dialect } = scope;
  return {
    async insert(tariff) {
      await insertRows(scope, "tariffs", [rowsOf.tariffs(tariff, dialect)], { kind: "fail", noun: "tariff" });
    },
    update(tariff) {
      return replaceRecord(scope, "tariffs", tariff, rowsOf.tariffs, "tariff");
    },
    async delete(accountId, id) {
      return (await deleteScoped(scope, "tariffs", accountId, { id })) > 0;
    },
    get(accountId, id) {
      return getTariff(scope, accountId, id);
    },
    list(accountId, page) {
      const query = read.selectFrom("tariffs").where(idEquals(dialect, "account_id", accountId));
      return pageOfDocs<Tariff>(dialect, query, (ordered) => ordered.orderBy("created_at").orderBy("id"), page);
    },
  };
}
