import { TARIFF_FORMAT, type Tariff } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import { nowTimestamp } from "./fixture-values.js";

/**
 * A sample import demurrage rule of the account for every carrier, port and box: four free days
 * from discharge, then USD 100.00 a day for days 1–4 and 175.50 from day 5. Every defaulted field
 * is written out, so the record is exactly what `TariffSchema` parses it to (the stored shape).
 */
export function makeTariff(accountId: string, overrides: Partial<Tariff> = {}): Tariff {
  const now = nowTimestamp();
  return {
    id: uuidv7(),
    account_id: accountId,
    format: TARIFF_FORMAT,
    name: "Sample demurrage",
    sample: false,
    kind: "tariff",
    charge_type: "demurrage",
    direction: "import",
    carrier_scacs: [],
    port_locodes: [],
    terminal_ids: [],
    customer_names: [],
    equipment_types: [],
    equipment_lengths: [],
    valid_from: "2026-01-01",
    valid_to: null,
    free_time_starts: "discharge",
    charge_ends: "full_out",
    first_free_day: "next_day",
    free_days: 4,
    day_count_type: "calendar",
    weekend_days: ["saturday", "sunday"],
    holiday_calendar: null,
    closures: [],
    rates: [
      { from_day: 1, to_day: 4, rate: "100.00", currency: "USD" },
      { from_day: 5, to_day: null, rate: "175.50", currency: "USD" },
    ],
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}
