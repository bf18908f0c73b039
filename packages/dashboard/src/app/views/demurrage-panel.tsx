import type { ChargeExposure, ContainerDemurrageAttributes, OneDocument } from "../api/api-types.js";
import { formatExact } from "../lib/lfd.js";
import { humanize } from "../lib/time-format.js";

const BASIS: Record<string, string> = {
  carrier_reported: "reported by the line",
  terminal_reported: "reported by the terminal",
  rail_reported: "reported by the rail carrier",
  contract: "from your contract",
  tariff: "from a tariff",
};

/** `Tue 19 May 2026`, a local date read as the date it is (no time zone shift). */
function day(date: string | null): string {
  if (date === null) return "—";
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short", year: "numeric" });
}

function Charge(props: { charge: ChargeExposure }) {
  const c = props.charge;
  const status = { not_started: "Not started", free: "In free time", charging: "Charging", ended: "Ended" }[c.status];
  return (
    <article class="charge" data-charge={c.charge_type}>
      <h3>
        {humanize(c.charge_type)} <span class={`badge charge-${c.status}`}>{status}</span>
      </h3>
      <dl class="facts">
        <dt>Last free day</dt>
        <dd data-testid={`lfd-${c.charge_type}`}>
          {day(c.last_free_day)} {c.basis && <span class="sub">{BASIS[c.basis] ?? c.basis}</span>}
        </dd>
        {c.disagreements.map((other) => (
          <>
            <dt>Also</dt>
            <dd class="sub">
              {day(other.last_free_day)} {BASIS[other.basis] ?? other.basis}
            </dd>
          </>
        ))}
        <dt>Rule</dt>
        <dd>{c.tariff_name ?? "No rule matches"}</dd>
        <dt>Accrued</dt>
        <dd data-testid={`accrued-${c.charge_type}`}>{c.accrued ? `${formatExact(c.accrued)} (${c.charged_days} day${c.charged_days === 1 ? "" : "s"})` : "Unknown"}</dd>
        {c.daily_rate_now && (
          <>
            <dt>Today</dt>
            <dd>{formatExact(c.daily_rate_now)}</dd>
          </>
        )}
        <dt>Projected</dt>
        <dd>{c.projected ? `${formatExact(c.projected)} by ${day(c.projected_through)}` : "—"}</dd>
      </dl>
      {c.notes.map((note) => (
        <p key={note} class="muted">
          {note}
        </p>
      ))}
      {c.working.length > 0 && (
        <details>
          <summary>The working, day by day</summary>
          <table class="working">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Status</th>
                <th scope="col">Charge</th>
              </tr>
            </thead>
            <tbody>
              {c.working.map((d) => (
                <tr key={d.date} class={d.projected ? "projected" : ""} data-status={d.status}>
                  <td>{day(d.date)}</td>
                  <td>
                    {d.status === "charged" ? `Charged, day ${d.charged_day}${d.tier ? `, tier ${d.tier}` : ""}` : humanize(d.status)}
                    {d.holiday && ` (${d.holiday})`}
                    {d.projected && " · projected"}
                  </td>
                  <td>{d.rate === null ? (d.status === "charged" ? "unknown" : "") : formatExact({ amount: d.rate, currency: c.accrued?.currency ?? "" })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </article>
  );
}

/** A container's demurrage and detention, as `GET /v2/containers/{id}/demurrage` works them out. */
export function DemurragePanel(props: { document: OneDocument<ContainerDemurrageAttributes> | null; error: Error | null }) {
  const figures = props.document?.data.attributes;
  return (
    <section aria-labelledby="demurrage-heading" class="panel" data-testid="demurrage-panel">
      <h2 id="demurrage-heading">Demurrage and detention</h2>
      {props.error && <p class="error">Could not read the demurrage: {props.error.message}</p>}
      {!figures && !props.error && <p>Loading…</p>}
      {figures && figures.charges.length === 0 && <p>No tariff rule or reported last free day applies to this container.</p>}
      {figures && figures.charges.length > 0 && <p class="help">As of {day(figures.as_of)} in the terminal's time zone; reported figures win over calculated ones.</p>}
      {figures?.charges.map((charge) => <Charge key={charge.charge_type} charge={charge} />)}
    </section>
  );
}
