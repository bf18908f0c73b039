import type { EquipmentLength, EquipmentType } from "../domain/enums.js";
import { TariffAttributesSchema, type TariffAttributes } from "../domain/tariff-schema.js";

/** The sample rules' daily rates in USD: what the demo data and the simulated terminal charge a day past the last free day. */
const SAMPLE_RATES = { reefer: "300.00", twenty: "150.00", other: "225.00" } as const;

/**
 * The rules the demo account starts with: labelled samples (`sample: true`, names beginning
 * "Sample:"), illustrations of the format, not any carrier's real tariff. Import demurrage from
 * discharge to full out, four calendar days free, a flat daily rate by equipment.
 */
export const SAMPLE_TARIFFS: readonly TariffAttributes[] = [
  sample("Sample: import demurrage, reefers", { equipment_types: ["reefer"] }, SAMPLE_RATES.reefer),
  sample("Sample: import demurrage, 20' dry and special", { equipment_lengths: [20], equipment_types: ["dry", "open top", "flat rack", "bulk", "tank"] }, SAMPLE_RATES.twenty),
  sample("Sample: import demurrage, 40' and 45' dry and special", { equipment_lengths: [40, 45], equipment_types: ["dry", "open top", "flat rack", "bulk", "tank"] }, SAMPLE_RATES.other),
];

function sample(name: string, appliesTo: Partial<TariffAttributes>, rate: string): TariffAttributes {
  return TariffAttributesSchema.parse({
    name,
    sample: true,
    charge_type: "demurrage",
    valid_from: "2020-01-01",
    free_time_starts: "discharge",
    charge_ends: "full_out",
    free_days: 4,
    rates: [{ from_day: 1, to_day: null, rate, currency: "USD" }],
    ...appliesTo,
  });
}

/** What the sample rules charge a day for this equipment, in whole USD: the demo's and the simulated terminal's demurrage fee a day. */
export function sampleDemurragePerDay(type: EquipmentType, length: EquipmentLength): number {
  return Number(type === "reefer" ? SAMPLE_RATES.reefer : length === 20 ? SAMPLE_RATES.twenty : SAMPLE_RATES.other);
}
