const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string | undefined, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone ?? ""}|${withTime}`;
  let format = formatters.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "short", day: "2-digit", ...(withTime && { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" }) });
    } catch {
      // an unknown zone name: UTC, which the label then says
      format = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", year: "numeric", month: "short", day: "2-digit", ...(withTime && { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" }) });
    }
    formatters.set(key, format);
  }
  return format;
}

/** `18 Dec 2026, 05:00 GMT-8`: an instant in a place's own time zone (the browser's when null). */
export function formatLocal(iso: string | null | undefined, timeZone?: string | null): string {
  if (!iso) return "—";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "—";
  return formatter(timeZone ?? undefined, true).format(at);
}

/** `18 Dec 2026`: the calendar date of an instant in a time zone. */
export function formatDate(iso: string | null | undefined, timeZone?: string | null): string {
  if (!iso) return "—";
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? "—" : formatter(timeZone ?? undefined, false).format(at);
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (days since 1970-01-01) of an instant in a time zone. */
export function localDay(at: number, timeZone?: string | null): number {
  const key = timeZone ?? "";
  let format = dayFormatters.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat("en-CA", { timeZone: timeZone ?? undefined, year: "numeric", month: "2-digit", day: "2-digit" });
    } catch {
      format = new Intl.DateTimeFormat("en-CA", { timeZone: "UTC", year: "numeric", month: "2-digit", day: "2-digit" });
    }
    dayFormatters.set(key, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  return Math.round(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / 86_400_000);
}

/** `vessel_departed` → `Vessel departed`; `container.transport.full_out` → `Full out`. */
export function humanize(name: string): string {
  const bare = name.replace(/^container\.transport\./, "").replace(/\./g, " ").replace(/_/g, " ");
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}
