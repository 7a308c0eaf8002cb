// npm run bench:photos: the time to process one 12-megapixel phone photo (4000 x 3000 JPEG
// with EXIF location, about 5 MB, made here with sharp) through the real local pipeline: the
// built worker under wrangler dev (workerd, local R2 and D1, the Images binding simulated by
// wrangler with sharp), POST /api/admin/photos signed in as a throwaway admin, BENCH_PHOTOS
// times (default 5). Prints min/median/max of the whole request (type check, metadata
// stripping, six sizes in AVIF and WebP, the placeholder, seven R2 writes and the row), and
// writes bench-results/photos.json. Environment: BENCH_PHOTOS, PORT (9011), BENCH_SKIP_BUILD=1 or --no-build (reuse dist/).
// Only 127.0.0.1 is contacted.
import { existsSync, rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import sharp from "sharp";
import { buildAll } from "./build.mjs";
import { median, writeResults } from "./lib/bench.mjs";
import { addBenchAdmin, benchSecrets, localDatabaseWith, signInBenchAdmin } from "./lib/bench-admin.mjs";
import { workerOutDir } from "./lib/config.mjs";
import { startDevServer } from "./lib/dev-server.mjs";
import { wrangler } from "./lib/local-env.mjs";

const count = Number(process.env.BENCH_PHOTOS ?? 5);
const port = Number(process.env.PORT ?? 9011);
const persistTo = ".wrangler/bench-photos-state";
const secrets = benchSecrets();

/** A photo-like 12 MP JPEG: smooth gradients and noise (as a camera's), EXIF with a GPS position. */
async function twelveMegapixels() {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const noise = (Math.random() - 0.5) * 24;
      pixels[i] = Math.max(0, Math.min(255, (x / width) * 200 + noise + 30));
      pixels[i + 1] = Math.max(0, Math.min(255, (y / height) * 160 + noise + 40));
      pixels[i + 2] = Math.max(0, Math.min(255, 120 + Math.sin(x / 90) * 60 + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: "Phone", Model: "Bench" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 6/1 0/1" },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function main() {
  const skipBuild = process.argv.includes("--no-build") || process.env.BENCH_SKIP_BUILD === "1";
  if (!skipBuild || !existsSync(`${workerOutDir()}/wrangler.json`)) {
    console.log("building…");
    await buildAll({ quiet: true });
  }
  rmSync(persistTo, { recursive: true, force: true });
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], { quiet: true });
  const db = localDatabaseWith(persistTo, "admins");
  const password = await addBenchAdmin(db, secrets.PASSWORD_PEPPER);
  db.close();
  const photo = await twelveMegapixels();
  console.log(`photo: 4000 x 3000 JPEG, ${(photo.length / 1024 / 1024).toFixed(1)} MB`);

  const server = await startDevServer({ port, persistTo, vars: secrets });
  try {
    const cookie = await signInBenchAdmin(server.url, password);
    const times = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/admin/photos`, {
        method: "POST",
        headers: {
          Cookie: cookie,
          Origin: server.url,
          "Content-Type": "image/jpeg",
          "X-File-Name": `bench-${i}.jpg`,
        },
        body: photo,
      });
      const body = await response.json();
      const ms = performance.now() - started;
      if (response.status !== 201) throw new Error(`upload ${i}: ${response.status} ${JSON.stringify(body)}`);
      times.push(Math.round(ms));
      console.log(
        `  upload ${i + 1}/${count}: ${Math.round(ms)} ms → ${body.photo.width} x ${body.photo.height}`,
      );
    }
    const result = {
      photo: { width: 4000, height: 3000, bytes: photo.length },
      runs: times,
      minMs: Math.min(...times),
      medianMs: Math.round(median(times)),
      maxMs: Math.max(...times),
    };
    console.log(
      `12 MP photo, whole upload: min ${result.minMs} ms · median ${result.medianMs} ms · max ${result.maxMs} ms`,
    );
    writeResults("photos.json", result);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
