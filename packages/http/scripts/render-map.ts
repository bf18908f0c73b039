// Renders a demo container's map (GET /v2/containers/{id}/map_geojson) to a PNG to look at.
//
//   node --conditions=bollard-source --import tsx packages/http/scripts/render-map.ts out.png [CONTAINER_NUMBER] [--now=ISO] [--seed=N]
//
// Without a container number it picks the demo container at sea whose map has the most features.
import { writeFileSync } from "node:fs";
import { createTracker, generateDemoDataset, manualClock } from "@bollard/core";
import { loadMarnetNetwork } from "@bollard/core/geo";
import { memoryStorage } from "@bollard/storage-memory";
import { renderMapPng } from "../src/map-png.js";

const args = process.argv.slice(2);
const flag = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const [out = "map.png", wanted] = args.filter((arg) => !arg.startsWith("--"));
const clock = manualClock(flag("now") ?? new Date().toISOString());
const tracker = await createTracker({ storage: memoryStorage(), clock });
const { account } = await tracker.accounts.ensure("Demo");
const dataset = generateDemoDataset({ seed: Number(flag("seed") ?? 1), accountId: account.id, now: clock.now(), shipments: 24 });
await tracker.accounts.loadDemo(dataset);
const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id, { role: "viewer" })).apiKey));

const candidates = wanted ? dataset.containers.filter((c) => c.number === wanted.toUpperCase()) : dataset.containers;
if (candidates.length === 0) {
  console.error(`no demo container ${wanted}; try one of: ${dataset.containers.map((c) => c.number).join(", ")}`);
  process.exit(1);
}
const maps = await Promise.all(candidates.map(async (container) => ({ container, map: await session.maps.container(container.id) })));
const score = ({ map }: (typeof maps)[number]) => (map.features.some((f) => f.properties.feature_type === "current_vessel") ? 1000 : 0) + map.features.length;
const best = maps.sort((a, b) => score(b) - score(a))[0]!;
writeFileSync(out, renderMapPng(best.map, { network: loadMarnetNetwork() }));
const ports = best.map.features.flatMap((f) => (f.properties.feature_type === "port" ? [`${f.properties.label} ${f.properties.name}`] : []));
console.log(`${out}: container ${best.container.number} (${best.container.current_status}), ${ports.join(" → ")}, ${best.map.features.length} features`);
await tracker.close();
