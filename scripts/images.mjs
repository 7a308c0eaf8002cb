// The image pipeline: every portfolio piece and flash design gets responsive AVIF and WebP
// variants at the sizes its cards, lightbox and thumbnails display, plus a tiny blurred placeholder;
// the studio map (scripts/lib/studio-map.mjs) is drawn here too.
//
// Source: content/tattoo-images/<id>.(jpg|jpeg|png|webp|avif) and content/flash/<id>.(...).
// A real photo dropped there with its id is used as is. Until the artist supplies photos, the
// pipeline renders generated artwork per piece (SVG, distinct per id and style, labelled as a
// placeholder) through the same steps.
//
// Outputs go to public/<folder>/<id>-<variant>.<format> (git-ignored; Vite copies them into the
// build) and the placeholders to shared/content/image-placeholders.json (committed, so the
// pages type-check and render without a build). Encoded files are cached by a hash of their
// source and settings in node_modules/.cache/gilded-images, so a rebuild only encodes what changed.
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { runnerImport } from "vite";
import { placeholderSvg } from "./lib/placeholder-art.mjs";
import { studioMapSvg } from "./lib/studio-map.mjs";

/** Variant sizes: the widths the gallery, lightbox and admin display. `height: null` keeps the aspect. */
export const portfolioVariants = [
  { name: "sm", width: 300, height: 225 },
  { name: "md", width: 400, height: 300 },
  { name: "lg", width: 500, height: 375 },
  { name: "full", width: 800, height: 600 },
  { name: "xl", width: 1200, height: null },
  { name: "thumb", width: 300, height: 300 },
];
export const flashVariants = [
  { name: "thumb", width: 300, height: 300 },
  { name: "md", width: 400, height: 400 },
  { name: "lg", width: 600, height: 600 },
];
const formats = [
  // Effort 2: effort 4 was measured at ~8x the encoding time for little gain on this artwork.
  { ext: "avif", encode: (img) => img.avif({ quality: 50, effort: 2 }) },
  { ext: "webp", encode: (img) => img.webp({ quality: 72, effort: 4 }) },
];
const PIPELINE_VERSION = "1";
const cacheDir = resolve("node_modules/.cache/gilded-images");
const sourceExtensions = ["jpg", "jpeg", "png", "webp", "avif"];

function hash(...parts) {
  const h = createHash("sha256");
  for (const part of parts) h.update(part);
  return h.digest("hex").slice(0, 16);
}

function findSource(folder, id) {
  for (const ext of sourceExtensions) {
    const file = resolve("content", folder, `${id}.${ext}`);
    if (existsSync(file)) return file;
  }
  return null;
}

/** Loads a TypeScript module of the project through Vite's module runner. */
async function loadModule(path) {
  // Vite sets NODE_ENV while it resolves a config; keep the caller's (a production build follows).
  const nodeEnv = process.env.NODE_ENV;
  try {
    const { module } = await runnerImport(resolve(path), { configFile: false, logLevel: "warn" });
    return module;
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

async function loadContent() {
  const { portfolio } = await loadModule("shared/content/portfolio.ts");
  const { flashDesigns } = await loadModule("shared/content/flash.ts");
  return { portfolio, flashDesigns };
}

async function runPool(tasks, size) {
  let next = 0;
  const workers = Array.from({ length: size }, async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      await task();
    }
  });
  await Promise.all(workers);
}

export async function buildImages({ quiet = false } = {}) {
  const started = Date.now();
  sharp.concurrency(2);
  mkdirSync(cacheDir, { recursive: true });
  const { portfolio, flashDesigns } = await loadContent();
  const jobs = [
    ...portfolio.map((item) => ({ item, folder: "tattoo-images", variants: portfolioVariants })),
    ...flashDesigns.map((item) => ({ item, folder: "flash", variants: flashVariants })),
  ];
  const placeholders = {};
  const tasks = [];
  let encoded = 0;
  for (const { item, folder, variants } of jobs) {
    const sourceFile = findSource(folder, item.id);
    const source = sourceFile
      ? readFileSync(sourceFile)
      : Buffer.from(
          placeholderSvg({
            id: item.id,
            title: item.title,
            style: item.style,
            // Flash designs are shown square, portfolio pieces at 4:3.
            width: folder === "flash" ? 1000 : 1200,
            height: folder === "flash" ? 1000 : 900,
          }),
        );
    const sourceHash = hash(PIPELINE_VERSION, source);
    const outDir = resolve("public", folder);
    mkdirSync(outDir, { recursive: true });

    const blurFile = join(cacheDir, `${sourceHash}-${folder}-blur.txt`);
    if (!existsSync(blurFile)) {
      // Same aspect as the variants it stands in for: 4:3 for pieces, square for flash.
      const [blurWidth, blurHeight] = folder === "flash" ? [12, 12] : [16, 12];
      const blur = await sharp(source)
        .resize(blurWidth, blurHeight, { fit: "cover" })
        .blur(0.6)
        .webp({ quality: 40 })
        .toBuffer();
      writeFileSync(blurFile, `data:image/webp;base64,${blur.toString("base64")}`);
    }
    placeholders[item.id] = readFileSync(blurFile, "utf8");

    for (const variant of variants) {
      for (const format of formats) {
        const outName = `${item.id}-${variant.name}.${format.ext}`;
        const cached = join(cacheDir, `${sourceHash}-${variant.name}.${format.ext}`);
        tasks.push(async () => {
          if (!existsSync(cached)) {
            const resized = sharp(source).resize(variant.width, variant.height ?? undefined, {
              fit: "cover",
              position: "centre",
              withoutEnlargement: false,
            });
            await format.encode(resized).toFile(cached);
            encoded++;
          }
          copyFileSync(cached, join(outDir, outName));
        });
      }
    }
  }
  await runPool(tasks, 2);

  // All placeholders as data for the gallery and flash pages. The featured pieces' placeholders
  // also go into a stylesheet (inlined into every page), so the home page shows them without
  // carrying them in its JavaScript.
  writeIfChanged(resolve("shared/content/image-placeholders.json"), placeholders);
  const featuredCss = portfolio
    .filter((item) => item.featured)
    .map((item) => `.ph-${item.id}::before {\n  background-image: url("${placeholders[item.id]}");\n}\n`)
    .join("\n");
  writeIfChanged(
    resolve("site/styles/placeholders-featured.css"),
    `/* Generated by scripts/images.mjs: blurred placeholders of the featured pieces. */\n${featuredCss}`,
    false,
  );
  await buildStudioMap();
  if (!quiet)
    console.log(
      `images: ${jobs.length} sources, ${tasks.length} variants (${encoded} encoded, the rest cached) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  return { sources: jobs.length, variants: tasks.length, encoded };
}

/** The contact and home pages' map (public/studio-map.svg, git-ignored), drawn from the studio's facts. */
async function buildStudioMap() {
  const { studio, studioLandmarks, streetName } = await loadModule("shared/studio.ts");
  writeIfChanged(resolve("public/studio-map.svg"), studioMapSvg(studio, studioLandmarks, streetName), false);
}

function writeIfChanged(file, data, asJson = true) {
  const text = asJson ? `${JSON.stringify(data, null, 2)}\n` : data;
  if (!existsSync(file) || readFileSync(file, "utf8") !== text) writeFileSync(file, text);
}

/** Lists the files in a content folder, for the README and tests. */
export function contentFiles(folder) {
  const dir = resolve("content", folder);
  return existsSync(dir) ? readdirSync(dir) : [];
}

/**
 * The 1200x630 social card (public/og-image.png, committed). Regenerate with
 * `npm run images -- --social-card` after a change to the studio's name or tagline.
 */
export async function buildSocialCard() {
  const { studio } = await loadModule("shared/studio.ts");
  const width = 1200;
  const height = 630;
  const random = seeded("og");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <radialGradient id="g" cx="80%" cy="10%" r="90%"><stop offset="0" stop-color="#3a2f17"/><stop offset="0.55" stop-color="#15120e"/><stop offset="1" stop-color="#0d0c0b"/></radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <rect x="28" y="28" width="${width - 56}" height="${height - 56}" fill="none" stroke="#d4af37" stroke-opacity="0.55" stroke-width="2"/>
  <g fill="none" stroke="#d4af37" stroke-width="3" opacity="0.85">${motif("rings", random, 1010, 315, 150)}</g>
  <text x="90" y="250" font-family="DejaVu Serif, serif" font-size="64" font-weight="bold" fill="#f1ebdf">${escapeXml(studio.name)}</text>
  <text x="90" y="320" font-family="DejaVu Serif, serif" font-size="36" fill="#e6c65c">Custom tattoos, drawn for you alone</text>
  <text x="90" y="420" font-family="DejaVu Sans, sans-serif" font-size="28" fill="#c9bfae">${escapeXml(`${studio.address.locality}, ${studio.address.regionName} · ${studio.claims.experienceLabel} · Free consultations`)}</text>
  <text x="90" y="470" font-family="DejaVu Sans, sans-serif" font-size="28" fill="#c9bfae">${escapeXml(studio.phone.display)}</text>
</svg>`;
  await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9, palette: true })
    .toFile(resolve("public/og-image.png"));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes("--social-card")) await buildSocialCard();
  else await buildImages();
}
