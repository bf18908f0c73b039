import { createSeaRouter, portByLocode } from "@bollard/core";
const r = createSeaRouter({ maxSegmentNm: 100000 });
const ny = portByLocode("USNYC")!;
console.log("NY", ny.longitude, ny.latitude);
for (const from of [[-47.5, 43], [-30, 40], [-10, 45]] as [number, number][]) {
  const route = r.route(from, [ny.longitude, ny.latitude]);
  console.log(from, route.distanceNm.toFixed(0), JSON.stringify(route.coordinates.map((c) => c.map((x) => +x.toFixed(2)))));
}
const rt = r.route([4.4, 51.9], [ny.longitude, ny.latitude]);
console.log("RTM-NY", rt.distanceNm.toFixed(0), JSON.stringify(rt.coordinates.map((c) => c.map((x) => +x.toFixed(2)))));
