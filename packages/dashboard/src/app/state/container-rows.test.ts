import { describe, expect, it } from "vitest";
import type { ContainerAttributes, ListDocument } from "../api/api-types.js";
import { filterRows, NO_FILTERS, rowsOfPage, sortRows } from "./container-rows.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");

function container(id: string, shipment: string, attributes: Partial<ContainerAttributes>) {
  return {
    id,
    type: "container",
    attributes: { number: `TEST${id}`, ref_numbers: [], current_status: "on_ship", holds_at_pod_terminal: [], fees_at_pod_terminal: [], pickup_lfd: null, pod_full_out_at: null, availability_known: false, available_for_pickup: false, pod_timezone: "America/New_York", ...attributes } as ContainerAttributes,
    relationships: { shipment: { data: { id: shipment, type: "shipment" } } },
  };
}

const page: ListDocument<ContainerAttributes> = {
  data: [
    container("1", "s1", { current_status: "on_ship" }),
    container("2", "s1", { current_status: "available", pickup_lfd: "2026-11-24T04:59:00Z", holds_at_pod_terminal: [{ name: "customs", status: "hold", description: "" }] }),
    container("3", "s2", { current_status: "picked_up", pickup_lfd: "2026-11-20T04:59:00Z", ref_numbers: ["PO-77"] }),
  ],
  included: [
    { id: "s1", type: "shipment", attributes: { bill_of_lading_number: "MAEU123", normalized_number: "123", shipping_line_scac: "MAEU", shipping_line_short_name: "Maersk", port_of_lading_locode: "CNSHA", port_of_discharge_locode: "USNYC", pod_eta_at: "2026-11-26T12:00:00Z", pod_ata_at: null, ref_numbers: ["REF-A"] } },
    { id: "s2", type: "shipment", attributes: { bill_of_lading_number: "COSU999", normalized_number: "999", shipping_line_scac: "COSU", shipping_line_short_name: "COSCO", port_of_lading_locode: "CNYTN", port_of_discharge_locode: "USLAX", pod_eta_at: "2026-11-10T12:00:00Z", pod_ata_at: "2026-11-10T10:00:00Z", ref_numbers: [] } },
  ],
};

describe("container rows", () => {
  const rows = rowsOfPage(page);

  it("flattens each container with its shipment", () => {
    expect(rows.map((row) => [row.number, row.carrier, row.pol, row.pod, row.pickedUp])).toEqual([
      ["TEST1", "Maersk", "CNSHA", "USNYC", false],
      ["TEST2", "Maersk", "CNSHA", "USNYC", false],
      ["TEST3", "COSCO", "CNYTN", "USLAX", true],
    ]);
  });

  it("searches container, bill of lading and reference numbers, in any case", () => {
    const ids = (query: string) => filterRows(rows, { ...NO_FILTERS, query }, NOW).map((row) => row.id);
    expect(ids("test2")).toEqual(["2"]);
    expect(ids("maeu123")).toEqual(["1", "2"]);
    expect(ids("po-77")).toEqual(["3"]);
    expect(ids("ref-a")).toEqual(["1", "2"]);
  });

  it("filters by status, carrier, POD, holds, arrival window and LFD window", () => {
    const ids = (filters: Partial<typeof NO_FILTERS>) => filterRows(rows, { ...NO_FILTERS, ...filters }, NOW).map((row) => row.id);
    expect(ids({ status: "available" })).toEqual(["2"]);
    expect(ids({ carrier: "COSU" })).toEqual(["3"]);
    expect(ids({ pod: "USNYC" })).toEqual(["1", "2"]);
    expect(ids({ holdsOnly: true })).toEqual(["2"]);
    expect(ids({ arrivingWithinDays: 5 })).toEqual(["1", "2"]);
    expect(ids({ arrivingWithinDays: 1 })).toEqual([]);
    expect(ids({ lfdWithinDays: 1 })).toEqual(["2"]); // 3 is picked up
  });

  it("sorts by a column either way, unknown dates last", () => {
    expect(sortRows(rows, { key: "lfd", descending: false }).map((row) => row.id)).toEqual(["3", "2", "1"]);
    expect(sortRows(rows, { key: "lfd", descending: true }).map((row) => row.id)).toEqual(["2", "3", "1"]);
    expect(sortRows(rows, { key: "carrier", descending: false }).map((row) => row.id)).toEqual(["3", "1", "2"]);
  });
});
