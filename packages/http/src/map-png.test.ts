import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ContainerMap } from "@bollard/core";
import { buildContainerMap, loadMarnetNetwork } from "@bollard/core/geo";
import { PNG } from "pngjs";
import { beforeAll, describe, expect, it } from "vitest";
import { renderMapPng } from "./map-png.js";
import { createHarness, type Harness } from "./testing/http-harness.js";
import { mapJourney } from "./testing/map-journeys.js";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

/** How many pixels of the image have exactly this colour. */
function count(png: PNG, [r, g, b]: [number, number, number]): number {
  let n = 0;
  for (let i = 0; i < png.data.length; i += 4) if (png.data[i] === r && png.data[i + 1] === g && png.data[i + 2] === b) n += 1;
  return n;
}

describe("map PNG rendering", () => {
  it("renders a demo container's map: it decodes, and shows the past path, the partial leg, the ports and the vessel", async () => {
    // The container at sea whose vessel has come furthest: the most of every feature to look at.
    const maps = await Promise.all(h.data.acme.containers.map(async (container) => ({ container, map: (await h.request("GET", `/v2/containers/${container.id}/map_geojson`)).body as ContainerMap })));
    const sailed = ({ map }: (typeof maps)[number]) => map.features.some((f) => f.properties.feature_type === "current_vessel") ? Math.max(...map.features.map((f) => ("point_count" in f.properties && f.properties.feature_type === "past_vessel_locations" ? f.properties.point_count : 0))) : -1;
    const { container, map } = maps.sort((a, b) => sailed(b) - sailed(a))[0]!;
    const bytes = renderMapPng(map, { network: loadMarnetNetwork(), width: 1200 });
    const file = join(tmpdir(), `bollard-map-${container.number}.png`);
    writeFileSync(file, bytes);
    console.log(`map of ${container.number} rendered to ${file}`);
    const png = PNG.sync.read(bytes);
    expect([png.width, png.height]).toEqual([1200, 600]);
    const sea = count(png, [12, 28, 46]);
    expect(sea).toBeLessThan(png.width * png.height);
    expect(count(png, [255, 140, 40])).toBeGreaterThan(50);
    expect(count(png, [255, 230, 80]) + count(png, [80, 200, 255])).toBeGreaterThan(10);
    expect(count(png, [255, 255, 255])).toBeGreaterThan(20);
    expect(count(png, [240, 40, 60])).toBeGreaterThan(20);
  });

  it("centres the Pacific when a line crosses the antimeridian, so no line wraps round the image", () => {
    const input = mapJourney({ ports: ["CNSHA", "USLAX"], legs: [{ departAt: "2026-10-01T00:00:00.000Z", arriveAt: "2026-10-15T00:00:00.000Z" }], now: "2026-10-08T00:00:00.000Z" });
    const png = PNG.sync.read(renderMapPng(buildContainerMap(input), { width: 800 }));
    // Everything drawn for Shanghai → Los Angeles lies in the middle half of a Pacific-centred image.
    for (let y = 0; y < png.height; y += 1) {
      for (const x of [10, png.width - 10]) {
        const i = (y * png.width + x) * 4;
        expect([png.data[i], png.data[i + 1], png.data[i + 2]]).not.toEqual([255, 140, 40]);
      }
    }
    expect(count(png, [255, 140, 40])).toBeGreaterThan(50);
  });
});
