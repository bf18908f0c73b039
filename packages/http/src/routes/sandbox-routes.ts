import type { SandboxClockChange, SandboxClockState, SandboxClockUpdate, SandboxFault, SandboxFaultCreate, SandboxScenario, SandboxScenarioCreate, SandboxSnapshot } from "@bollard/core";
import { collectionLinks, collectionMeta, resourceText, trackingRequestResource, wireValue, writeDocument } from "@bollard/core/jsonapi";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../app-env.js";
import { pageQuery, uuidParam } from "../request/query-params.js";
import { plainOrAttributesInput } from "../request/request-body.js";
import { jsonApi, jsonApiText } from "../respond.js";

/** One sandbox resource object: its attributes in wire form (timestamps in whole seconds). */
function resource(type: string, id: string, attributes: object) {
  return { id, type, attributes: wireValue(attributes) };
}

const clockResource = (clock: SandboxClockState) => resource("sandbox_clock", "clock", clock);
const faultResource = ({ id, account_id: _account, ...attributes }: SandboxFault) => resource("sandbox_fault", id, attributes);
const scenarioResource = ({ id, ...attributes }: SandboxScenario) => resource("sandbox_scenario", id, attributes);
const snapshotResource = ({ id, account_id: _account, ...attributes }: SandboxSnapshot) => resource("sandbox_snapshot", id, attributes);

/** A page of sandbox resources with the links and meta of every listing. */
function listOf<T>(c: Context, result: { data: T[]; total: number; page: { number: number; size: number } }, toResource: (record: T) => object) {
  return { data: result.data.map(toResource), links: collectionLinks(c.req.url, result.page, result.total), meta: collectionMeta(result.data.length, result.total) };
}

/**
 * `/v2/sandbox/*`, mounted only on a sandbox server (`bollard serve --sandbox`): the clock, faults,
 * reset and snapshots, acting on the caller's account (the clock is the server's).
 */
export function sandboxRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const sandbox = (c: Context<AppEnv>) => c.get("session").sandbox;
  const selfOf = (c: Context, path: string) => new URL(`/v2/sandbox/${path}`, c.req.url).href;

  routes.get("/sandbox/clock", (c) => jsonApi(c, 200, { data: clockResource(sandbox(c).clock.get()), links: { self: c.req.url } }));
  routes.patch("/sandbox/clock", async (c) => {
    const change: SandboxClockChange = await sandbox(c).clock.update(await plainOrAttributesInput<SandboxClockUpdate>(c));
    return jsonApi(c, 200, { data: clockResource(change.clock), meta: { advance: change.advance && wireValue(change.advance) }, links: { self: selfOf(c, "clock") } });
  });

  routes.get("/sandbox/faults", async (c) => jsonApi(c, 200, listOf(c, await sandbox(c).faults.list({ page: pageQuery(c) }), faultResource)));
  routes.post("/sandbox/faults", async (c) => {
    const fault = await sandbox(c).faults.create(await plainOrAttributesInput<SandboxFaultCreate>(c));
    const self = selfOf(c, `faults/${fault.id}`);
    c.header("location", self);
    return jsonApi(c, 201, { data: faultResource(fault), links: { self } });
  });
  routes.get("/sandbox/faults/:id", async (c) => jsonApi(c, 200, { data: faultResource(await sandbox(c).faults.get(uuidParam(c))), links: { self: c.req.url } }));
  routes.delete("/sandbox/faults/:id", async (c) => {
    await sandbox(c).faults.delete(uuidParam(c));
    return c.body(null, 204);
  });

  routes.get("/sandbox/scenarios", async (c) => jsonApi(c, 200, listOf(c, await sandbox(c).scenarios.list({ page: pageQuery(c) }), scenarioResource)));
  routes.post("/sandbox/scenarios", async (c) => {
    const created = await sandbox(c).scenarios.create(await plainOrAttributesInput<SandboxScenarioCreate>(c));
    const request = created.tracking_request;
    const data = { ...scenarioResource(created.scenario), relationships: { tracking_request: { data: { id: request.id, type: "tracking_request" } } } };
    c.header("location", new URL(`/v2/tracking_requests/${request.id}`, c.req.url).href);
    return jsonApiText(c, 201, writeDocument({ data: JSON.stringify(data), included: [resourceText(trackingRequestResource, request)] }));
  });

  routes.post("/sandbox/reset", async (c) => jsonApi(c, 200, { meta: await sandbox(c).reset() }));

  routes.get("/sandbox/snapshots", async (c) => jsonApi(c, 200, listOf(c, await sandbox(c).snapshots.list({ page: pageQuery(c) }), snapshotResource)));
  routes.post("/sandbox/snapshots", async (c) => {
    const snapshot = await sandbox(c).snapshots.create();
    return jsonApi(c, 201, { data: snapshotResource(snapshot), links: { self: selfOf(c, `snapshots/${snapshot.id}`) } });
  });
  routes.post("/sandbox/snapshots/:id/restore", async (c) => jsonApi(c, 200, { meta: await sandbox(c).snapshots.restore(uuidParam(c)) }));
  return routes;
}
