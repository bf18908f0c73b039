// Demurrage and detention: tariff rules matched to containers, the last free day with its basis, money and the working (docs/demurrage.md).
export { chargeFactsOf, type ChargeFacts, type MilestoneFact } from "./charge-facts.js";
export { containerDemurrage, formatMoney, type DemurrageOptions } from "./container-demurrage.js";
export { MoneyTotals, sumMoney } from "./money-totals.js";
export { calculatedLastFreeDay, workCharge, type Working, type WorkingInput } from "./charge-working.js";
export { accountDemurrage, type AccountDemurrageOptions, type ContainerFigures } from "./account-demurrage.js";
export { createCalendars, isKnownHolidayCalendar, type Calendars } from "./calendars.js";
export { addDays, dateOfDayNumber, dayNumberOf, type DayNumber, type LocalDate } from "./local-date.js";
export { candidateRules, comparePrecedence, inForce, ruleMatches } from "./tariff-selection.js";
export { SAMPLE_TARIFFS, sampleDemurragePerDay } from "./sample-tariffs.js";
