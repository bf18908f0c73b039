import { describe, expect, it } from "vitest";
import { BollardError, ValidationError } from "../errors/index.js";
import { buildDocument } from "./document.js";
import type { ResourceDefinition } from "./resource-definition.js";
import { resourceText } from "./resource-text.js";

/** A resource as objects, read back from the one renderer's text. */
const resourceObject = <T extends { id: string }>(definition: ResourceDefinition<T>, record: T) => JSON.parse(resourceText(definition, record));
const documentOf = (...args: Parameters<typeof buildDocument>): any => JSON.parse(buildDocument(...args));
import { errorDocument, errorStatus } from "./error-document.js";
import { MAX_INCLUDE_DEPTH, MAX_INCLUDE_PATHS, includeTree, includePaths, mergeIncludes, parseIncludeParameter, type IncludeTree } from "../relations/include-paths.js";
import { containerResource, shipmentResource, transportEventResource } from "./resources.js";
import { collectionLinks } from "./collection-links.js";

const S1 = "0190a8f0-0000-7000-8000-000000000001";
const C1 = "0190a8f0-0000-7000-8000-0000000000c1";
const C2 = "0190a8f0-0000-7000-8000-0000000000c2";
const P1 = "0190a8f0-0000-7000-8000-0000000000a1";
const E1 = "0190a8f0-0000-7000-8000-0000000000e1";

const shipment = { id: S1, bill_of_lading_number: "MAEU123", port_of_lading_id: P1, port_of_discharge_id: P1, destination_id: null, destination_type: null } as any;
const containers = [
  { id: C1, shipment_id: S1, number: "MSKU9070323", pod_terminal_id: null, pickup_facility_id: null },
  { id: C2, shipment_id: S1, number: "CSQU3054383", pod_terminal_id: null, pickup_facility_id: null },
] as any[];
const port = { id: P1, name: "Busan", code: "KRPUS" } as any;
const event = { id: E1, container_id: C1, shipment_id: S1, event: "container.transport.vessel_loaded", location_id: P1, location_type: "port" } as any;

/** The shipment as a read with `containers.transport_events.location,containers.shipment,port_of_lading,port_of_discharge` returns it. */
function read() {
  const withEvents = (c: any) => ({ ...c, shipment, transport_events: c.id === C1 ? [{ ...event, location: port }] : [] });
  return { ...shipment, containers: containers.map(withEvents), port_of_lading: port, port_of_discharge: port };
}

describe("resourceText", () => {
  it("emits every spec attribute in order, missing ones as null, and the self link", () => {
    const resource = resourceObject(shipmentResource, read());
    expect(Object.keys(resource.attributes)).toEqual(shipmentResource.attributes);
    expect(resource.attributes.bill_of_lading_number).toBe("MAEU123");
    expect(resource.attributes.pod_eta_at).toBeNull();
    expect(resource.links).toEqual({ self: `/v2/shipments/${S1}` });
  });

  it("gives every to-one relationship, with data null when empty", () => {
    const resource = resourceObject(shipmentResource, read());
    expect(resource.relationships?.port_of_lading).toEqual({ data: { type: "port", id: P1 } });
    expect(resource.relationships?.destination).toEqual({ data: null });
    expect(resource.relationships?.line_tracking_stopped_by_user).toEqual({ data: null });
  });

  it("gives a to-many relationship only when the record was read with it", () => {
    expect(resourceObject(shipmentResource, read()).relationships?.containers).toEqual({
      data: [{ type: "container", id: C1 }, { type: "container", id: C2 }],
    });
    expect(resourceObject(shipmentResource, shipment).relationships?.containers).toBeUndefined();
    expect(resourceObject(containerResource, containers[0]).links).toBeUndefined();
  });
});

describe("includeTree", () => {
  it("splits comma lists, trims, and follows dotted paths through the relationship types", () => {
    const tree = includeTree("shipment", parseIncludeParameter("shipment", "containers, port_of_lading,containers.transport_events.location"));
    expect(includePaths(tree)).toEqual(["containers", "containers.transport_events", "containers.transport_events.location", "port_of_lading"]);
  });

  it("rejects an unknown name with a 400 on the include parameter", () => {
    const attempt = () => includeTree("shipment", ["containers.nope"]);
    expect(attempt).toThrow(BollardError);
    try {
      attempt();
    } catch (error) {
      expect((error as BollardError).status).toBe(400);
      expect((error as BollardError).parameter).toBe("include");
    }
  });

  it("refuses a path deeper than MAX_INCLUDE_DEPTH and more than MAX_INCLUDE_PATHS paths, on the include parameter", () => {
    expect(includePaths(includeTree("shipment", ["containers.shipment.containers"]))).toHaveLength(3);
    const deep = "containers.shipment.containers.shipment";
    expect(() => includeTree("shipment", [deep])).toThrow(`is ${MAX_INCLUDE_DEPTH + 1} levels deep`);
    const leaves = ["port_of_lading", "port_of_discharge", "pod_terminal.port", "destination", "destination_terminal.port", "line_tracking_stopped_by_user",
      "containers.pickup_facility.port", "containers.pod_terminal.port", "containers.transport_events.location", "containers.raw_events.vessel", "containers.shipment"];
    const many = leaves.slice(0, MAX_INCLUDE_PATHS + 1).join(",");
    // Repeats and paths leading to another given one do not count.
    expect(includePaths(includeTree("shipment", [...leaves.slice(0, MAX_INCLUDE_PATHS), "containers", "port_of_lading", "pod_terminal"]))).toContain("pod_terminal.port");
    expect(() => parseIncludeParameter("shipment", many)).toThrow(`at most ${MAX_INCLUDE_PATHS} paths`);
    for (const value of [deep, many]) {
      try {
        parseIncludeParameter("shipment", value);
      } catch (error) {
        expect((error as BollardError).status).toBe(400);
        expect((error as BollardError).parameter).toBe("include");
      }
    }
  });

  it("keeps a long unknown name out of the error detail", () => {
    expect(() => includeTree("shipment", ["x".repeat(5000)])).toThrow(/^x{100}… is not a relationship/);
  });

  it("treats undefined and empty as no includes, and merges trees", () => {
    expect(includeTree("shipment", undefined).size).toBe(0);
    expect(parseIncludeParameter("shipment", ",")).toEqual([]);
    const merged = mergeIncludes(includeTree("shipment", ["containers"]), includeTree("shipment", ["containers.shipment"]));
    expect(includePaths(merged)).toEqual(["containers", "containers.shipment"]);
  });
});

describe("buildDocument", () => {
  it("includes each reached record once and never a primary record", () => {
    const include = includeTree("shipment", ["containers.transport_events.location", "containers.shipment", "port_of_lading", "port_of_discharge"]);
    const doc = documentOf("shipment", read(), { include });
    const keys = doc.included!.map((r: { type: string; id: string }) => `${r.type}:${r.id}`);
    expect(keys).toEqual([`container:${C1}`, `transport_event:${E1}`, `port:${P1}`, `container:${C2}`]);
  });

  it("walks each record once per include node, so a cyclic path costs linear time in its depth", () => {
    // One shipment with 20 containers, read with `containers.shipment.containers.shipment…` eight
    // levels deep (built by hand: includeTree refuses it), sharing the records at each level as the
    // reader does. Walking every path again from every container would read relations 20^4 times.
    const many = Array.from({ length: 20 }, (_, i) => ({ ...containers[0], id: `0190a8f0-0000-7000-8000-${String(i).padStart(12, "0")}` }));
    let reads = 0;
    const counted = <T extends object>(record: T): T =>
      new Proxy(record, { get: (target, key) => ((key === "containers" || key === "shipment") && (reads += 1), Reflect.get(target, key)) });
    const include: IncludeTree = new Map();
    let node = include;
    for (let level = 0; level < 8; level += 1) {
      const child: IncludeTree = new Map();
      node.set(level % 2 === 0 ? "containers" : "shipment", child);
      node = child;
    }
    let current: any = shipment;
    for (let level = 7; level >= 0; level -= 1) {
      const below = current;
      current = level % 2 === 1 ? many.map((c) => counted({ ...c, shipment: below })) : counted({ ...shipment, containers: below });
    }
    const doc = documentOf("shipment", current, { include });
    expect(doc.included).toHaveLength(20);
    expect(reads).toBeLessThanOrEqual(2 * 8 * 21);
  });

  it("omits included when nothing is included and keeps null primary data", () => {
    expect(documentOf("shipment", null)).toEqual({ data: null });
    const doc = documentOf("transport_event", [event], { meta: { size: 1, total: 1 } });
    expect(Array.isArray(doc.data)).toBe(true);
    expect(doc.included).toBeUndefined();
    expect(doc.meta).toEqual({ size: 1, total: 1 });
    expect((doc.data as any[])[0].relationships.location).toEqual({ data: { type: "port", id: P1 } });
    expect(transportEventResource.attributes).toContain("event");
  });
});

describe("collectionLinks", () => {
  it("echoes self and rebuilds paging links with sorted keys, raw brackets and commas", () => {
    const links = collectionLinks("http://h/v2/containers?page%5Bsize%5D=2&include=shipment%2Cpod_terminal&page%5Bnumber%5D=2", { number: 2, size: 2 }, 5);
    expect(links.self).toBe("http://h/v2/containers?page%5Bsize%5D=2&include=shipment%2Cpod_terminal&page%5Bnumber%5D=2");
    expect(links.current).toBe("http://h/v2/containers?include=shipment,pod_terminal&page[number]=2&page[size]=2");
    expect(links.first).toBe("http://h/v2/containers?include=shipment,pod_terminal&page[number]=1&page[size]=2");
    expect(links.prev).toBe(links.first);
    expect(links.next).toBe("http://h/v2/containers?include=shipment,pod_terminal&page[number]=3&page[size]=2");
    expect(links.last).toBe(links.next);
  });

  it("has no prev on the first page and no next on the last; an empty list has one page", () => {
    const links = collectionLinks("http://h/v2/shipments", { number: 1, size: 30 }, 0);
    expect(links).toEqual({ self: "http://h/v2/shipments", current: "http://h/v2/shipments?page[number]=1", first: "http://h/v2/shipments?page[number]=1", last: "http://h/v2/shipments?page[number]=1" });
  });
});

describe("errorDocument", () => {
  it("maps a Bollard error with its string status, code and source", () => {
    const error = new BollardError("blank", "Request number can't be blank", { pointer: "/data/attributes/request_number" });
    expect(errorDocument(error)).toEqual({
      errors: [{ status: "422", title: "Unprocessable Entity", detail: "Request number can't be blank", code: "blank", source: { pointer: "/data/attributes/request_number" } }],
    });
    expect(errorStatus(error)).toBe(422);
  });

  it("lists every issue of a validation error", () => {
    const error = new ValidationError([new BollardError("blank", "a", { pointer: "/a" }), new BollardError("invalid", "b", { pointer: "/b" })]);
    expect(errorDocument(error).errors.map((e) => e.code)).toEqual(["blank", "invalid"]);
  });

  it("hides everything about an unexpected error", () => {
    const doc = errorDocument(new Error("SQLITE_BUSY at /secret/path"));
    expect(doc).toEqual({ errors: [{ status: "500", title: "Internal Server Error", detail: "An unexpected error occurred", code: "internal" }] });
    expect(errorStatus(new Error("x"))).toBe(500);
  });
});
