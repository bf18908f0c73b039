import { describe, expect, it } from "vitest";
import { RailTerminalSchema } from "../domain/rail-terminal-schema.js";
import { TerminalSchema } from "../domain/terminal-schema.js";
import { metroAreaById, metroAreaByLocode } from "./metro-areas.js";
import { portById, portByLocode } from "./ports.js";
import { allRailTerminals, railTerminalById, railTerminalsByMetroArea } from "./rail-terminals.js";
import { referenceId } from "./reference-ids.js";
import { allTerminals, terminalById, terminalsByPort } from "./terminals.js";

describe("terminals", () => {
  const terminals = allTerminals();

  it("parse with TerminalSchema and have unique ids", () => {
    expect(terminals.length).toBeGreaterThanOrEqual(20);
    for (const terminal of terminals) expect(TerminalSchema.parse(terminal)).toEqual(terminal);
    expect(new Set(terminals.map((terminal) => terminal.id)).size).toBe(terminals.length);
  });

  it("point at existing US ports", () => {
    for (const terminal of terminals) {
      const port = portById(terminal.port_id);
      expect(port, terminal.name).toBeDefined();
      expect(port?.country_code).toBe("US");
      expect(terminal.state).not.toBeNull();
    }
  });

  it("carry the codes the hosted service reports", () => {
    const wwt = terminalById(referenceId("terminal", "WWT"));
    expect(wwt).toMatchObject({ name: "Wando Welch Terminal", firms_code: "N598", smdg_code: "WWMT", city: "Mt. Pleasant", state_abbr: "SC" });
    expect(wwt?.port_id).toBe(portByLocode("USCHS")?.id);
    const vig = terminals.find((terminal) => terminal.firms_code === "N195");
    expect(vig).toMatchObject({ name: "Virginia International Gateway", bic_facility_code: "USORFUNYS", state: "Virginia" });
    expect(terminals.find((terminal) => terminal.nickname === "FIT")).toMatchObject({ firms_code: "N751", port_id: referenceId("port", "USPEF") });
  });

  it("are listed per port", () => {
    const charleston = terminalsByPort(referenceId("port", "USCHS")).map((terminal) => terminal.nickname);
    expect(charleston).toEqual(expect.arrayContaining(["WWT", "NCT", "HLT"]));
    expect(terminalsByPort(referenceId("port", "DEHAM"))).toEqual([]);
  });
});

describe("rail terminals", () => {
  const railTerminals = allRailTerminals();

  it("parse with RailTerminalSchema, have unique ids and lie in known metro areas", () => {
    for (const terminal of railTerminals) {
      expect(RailTerminalSchema.parse(terminal)).toEqual(terminal);
      expect(terminal.id).toBe(referenceId("rail_terminal", terminal.name));
      expect(metroAreaById(terminal.metro_area_id!), terminal.name).toBeDefined();
    }
    expect(new Set(railTerminals.map((terminal) => terminal.id)).size).toBe(railTerminals.length);
  });

  it("include NS - Livernois in Detroit", () => {
    const detroit = metroAreaByLocode("USDET")!;
    const livernois = railTerminalsByMetroArea(detroit.id).find((terminal) => terminal.firms_code === "H796");
    expect(livernois?.name).toBe("NS - Livernois");
    expect(railTerminalById(livernois!.id)).toBe(livernois);
  });
});
