import { useMemo } from "preact/hooks";
import type { Session } from "../state/session.js";
import { daysToLfd, demurrageExposure, formatExact, formatMoney, LFD_BUCKETS, lfdBucket, sumExact, type LfdBucket } from "../lib/lfd.js";
import type { ExposureGroupAttributes } from "../api/api-types.js";
import { useContainerExposure } from "../state/use-exposure.js";
import { Link } from "../lib/router.js";
import { formatLocal } from "../lib/time-format.js";
import type { ContainerRow } from "../state/container-rows.js";
import { useContainers } from "../state/use-store.js";
import { DownloadCsv } from "./download-csv.js";
import { Holds, LoadState, StatusBadge } from "./parts.js";

interface Card {
  row: ContainerRow;
  days: number;
  exposure: ReturnType<typeof demurrageExposure>;
  /** What Bollard works out from the account's tariff rules, when a charge is running. */
  calculated: ExposureGroupAttributes | null;
}

/**
 * Containers still at the POD (not picked up) that have a last free day, in columns by days to
 * it in the terminal's time zone: overdue, today, in 1–3 days, later; soonest first in each.
 */
export function LfdView(props: { session: Session }) {
  const snapshot = useContainers(props.session.containers);
  const waiting = useMemo(() => snapshot.rows.filter((row) => row.lfd !== null && !row.pickedUp), [snapshot.rows]);
  const money = useContainerExposure(props.session.api, useMemo(() => waiting.map((row) => row.id), [waiting]));
  const now = snapshot.checkedAt ?? Date.now();
  const columns = useMemo(() => {
    const byBucket = new Map<LfdBucket, Card[]>(LFD_BUCKETS.map(({ bucket }) => [bucket, []]));
    for (const row of waiting) {
      const days = daysToLfd(row.lfd!, row.podTimeZone, now);
      byBucket.get(lfdBucket(days))!.push({ row, days, exposure: demurrageExposure(row.fees, row.lfd!, now), calculated: money.byContainer.get(row.id) ?? null });
    }
    for (const cards of byBucket.values()) cards.sort((a, b) => Date.parse(a.row.lfd!) - Date.parse(b.row.lfd!) || a.row.number.localeCompare(b.row.number));
    return byBucket;
  }, [waiting, now, money.byContainer]);
  const total = (cards: Card[], currency: string) => cards.reduce((sum, card) => sum + (card.exposure?.currency === currency && card.exposure.perDay !== null ? card.exposure.perDay : 0), 0);
  return (
    <>
      <h1 tabIndex={-1}>Last free day</h1>
      <LoadState snapshot={snapshot} />
      <p class="help">
        Containers waiting at the port of discharge, by days left to their last free day in the terminal's time zone. Money at risk is worked out from the account's tariff rules (accrued to today, and projected);
        the terminal's reported demurrage is shown beside it.
      </p>
      {/* The export cannot select "waiting at the POD with an LFD": it has every container, and says so. */}
      <DownloadCsv api={props.session.api} resource="containers" label="Download all containers (CSV)" />
      {money.error && <p class="error" role="alert">Could not read the money at risk: {money.error.message}</p>}
      <div class="board">
        {LFD_BUCKETS.map(({ bucket, title }) => {
          const cards = columns.get(bucket)!;
          const daily = total(cards, "USD");
          const accrued = sumExact(cards.flatMap((card) => card.calculated?.accrued ?? []));
          const projected = sumExact(cards.flatMap((card) => card.calculated?.projected ?? []));
          return (
            <section key={bucket} class={`lane lane-${bucket}`} aria-labelledby={`lane-${bucket}`} data-bucket={bucket}>
              <h2 id={`lane-${bucket}`}>
                {title} <span class="count">{cards.length}</span>
              </h2>
              {accrued.length > 0 && (
                <p class="exposure-total" data-testid="lane-money">
                  At risk: {accrued.map(formatExact).join(", ")} accrued · {projected.map(formatExact).join(", ")} projected
                </p>
              )}
              {daily > 0 && <p class="exposure-total">Reported demurrage ≈ {formatMoney(daily, "USD")} a day</p>}
              <ol class="cards">
                {cards.map(({ row, days, exposure, calculated }) => (
                  <li key={row.id} class="card" data-container-id={row.id} data-lfd={row.lfd!}>
                    <Link href={`/app/containers/${row.id}`} class="card-title">
                      {row.number}
                    </Link>
                    <StatusBadge status={row.status} />
                    <p>
                      LFD {formatLocal(row.lfd, row.podTimeZone)} · {days < 0 ? `${-days} day${days === -1 ? "" : "s"} overdue` : days === 0 ? "today" : `in ${days} day${days === 1 ? "" : "s"}`}
                    </p>
                    <p>
                      {row.pod} · {row.carrier} · {row.availabilityKnown ? (row.available ? "Available" : "Not available") : "Availability unknown"}
                    </p>
                    <Holds holds={row.holds} empty="No holds" />
                    {calculated && calculated.accrued.length > 0 && (
                      <p class="exposure calculated" data-testid="card-money">
                        {calculated.accrued.map(formatExact).join(", ")} accrued · {calculated.projected.map(formatExact).join(", ")} projected
                      </p>
                    )}
                    {calculated && calculated.unpriced_charges > 0 && <p class="muted">A charge no tariff rule prices: its cost is unknown.</p>}
                    {exposure && (
                      <p class="exposure">
                        Reported demurrage {formatMoney(exposure.accrued, exposure.currency)}
                        {exposure.perDay !== null && ` · ≈ ${formatMoney(exposure.perDay, exposure.currency)} a day`}
                      </p>
                    )}
                  </li>
                ))}
              </ol>
              {cards.length === 0 && <p class="muted">None</p>}
            </section>
          );
        })}
      </div>
    </>
  );
}
