// Writes one static HTML file per public route from the built template, plus 404.html,
// sitemap.xml, robots.txt and the _headers file with the shared security headers.
//
// Speed: each page inlines the style rules it can use (critical CSS in the first response, no
// render-blocking request; scripts/lib/page-css.mjs) as one stylesheet, whose hash is added to
// the CSP's style-src for static pages; the heading font is preloaded; each page preloads its
// own JavaScript chunk so hydration does not wait on a request chain.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { chunkOf, reachable, readChunkGraph } from "./lib/chunk-graph.mjs";
import { siteUrl as configuredSiteUrl, wranglerVar } from "./lib/config.mjs";
import { classWords, cssForPage, mergeWords } from "./lib/page-css.mjs";

const clientDir = resolve("dist/client");

function fileFor(path) {
  if (path === "/") return join(clientDir, "index.html");
  return join(clientDir, path.slice(1), "index.html");
}

const stylesMark = "<!--styles-->";

/** Takes the site stylesheet's link out of the template (its rules are inlined per page). */
export function siteStylesheet(template) {
  const link = /<link rel="stylesheet"[^>]*href="\/(assets\/site-[^"]+\.css)"[^>]*>/.exec(template);
  if (!link) throw new Error("The site's stylesheet was not found in the built template");
  const css = readFileSync(join(clientDir, link[1]), "utf8").trim();
  return { template: template.replace(link[0], stylesMark), site: { file: link[1], css } };
}

/**
 * The heading font's plain-English subset is the one font preloaded (scripts/fonts.mjs): without
 * the preload its late swap shifted the home page (CLS 0.09 in one Lighthouse run in five). Body
 * text uses local faces and needs no file.
 */
function fontPreloads() {
  const assets = readdirSync(join(clientDir, "assets"));
  return assets
    .filter((file) => /^cormorant-garamond-600-core-.*\.woff2$/.test(file))
    .map((file) => `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin />`);
}

const ssrDir = resolve("dist/ssr");

/**
 * The stylesheets a page's server render imports: the layout's (the render entry's chunk) and
 * the page's own chunk and what it imports, in that order. The server build splits them per
 * page (vite.ssr.config.ts); the site-wide stylesheet comes from the client entry instead.
 */
function pageCss(ssrGraph, pageKey) {
  const start = chunkOf(ssrGraph, `site/pages/${pageKey}.tsx`);
  const chunks = ["entry-server.js", ...(start ? reachable(ssrGraph, start) : [])];
  return [...new Set(chunks.flatMap((file) => ssrGraph[file]?.css ?? []))];
}

/**
 * Every word the code that can write into a page holds (scripts/lib/page-css.mjs): the server
 * render's layout and the page's chunks with everything they load, at once or later (a lightbox,
 * the 'sent' screen); in the browser, the site's entry (the privacy dialog, the measurements)
 * and each island the page can render with its own later chunks; the worker's markup; and the
 * classes of the page as built. Only the site's own modules count, as tree-shaking left them
 * (scripts/lib/chunk-graph.mjs): React's code and the studio's copy are words, not classes.
 */
function pageWords({ ssrGraph, clientGraph, clientEntry, shared }, pageKey, html) {
  const start = chunkOf(ssrGraph, `site/pages/${pageKey}.tsx`);
  const serverChunks = start ? reachable(ssrGraph, start, { dynamic: true, stop: ["entry-server.js"] }) : [];
  const server = ["entry-server.js", ...serverChunks].map((file) => ssrGraph[file].siteCode).join("\n");
  const islands = Object.values(clientGraph)
    .flatMap((chunk) => chunk.modules)
    .map((module) => /^site\/islands\/(.+)\.tsx$/.exec(module)?.[1])
    .filter((name) => name && server.includes(`"${name}"`));
  const browser = islands
    .flatMap((name) =>
      reachable(clientGraph, chunkOf(clientGraph, `site/islands/${name}.tsx`), {
        dynamic: true,
        stop: [clientEntry],
      }),
    )
    .map((file) => clientGraph[file].siteCode)
    .join("\n");
  const classes = [...html.matchAll(/class="([^"]*)"/g)].map((match) => match[1]).join(" ");
  return mergeWords(shared, classWords(server), classWords(browser), classWords(classes));
}

/** Worker modules that write markup of their own into the site's pages (a form's answer). */
function workerMarkupSources() {
  return readdirSync(resolve("worker"), { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile() && /\.ts$/.test(item.name) && !/\.d\.ts$/.test(item.name))
    .map((item) => readFileSync(join(item.parentPath, item.name), "utf8"))
    .filter((source) => source.includes("class="));
}

/** What every page's code holds: the site's entry in the browser and the worker's markup. */
function sharedWords(clientGraph, clientEntry) {
  const entry = reachable(clientGraph, clientEntry).map((file) => clientGraph[file].siteCode);
  const publicScripts = readdirSync(resolve("public"))
    .filter((file) => file.endsWith(".js"))
    .map((file) => readFileSync(resolve("public", file), "utf8"));
  return classWords([...entry, ...publicScripts, ...workerMarkupSources()].join("\n"));
}

/**
 * The scripts a page loads at once: for each island the server rendered with data-hydrate="load"
 * (site/app/island.tsx), its module's chunk and what it imports, and React's hydrator. Islands
 * that wait (idle, visible, interaction) load their code when due, so nothing preloads it.
 */
function islandScripts(clientGraph, html) {
  const names = [...html.matchAll(/data-island="([^"]+)" data-hydrate="load"/g)].map((m) => m[1]);
  if (names.length === 0) return [];
  const starts = [
    chunkOf(clientGraph, "site/app/hydrate-island.tsx"),
    ...names.map((name) => chunkOf(clientGraph, `site/islands/${name}.tsx`)),
  ].filter(Boolean);
  const files = new Set(starts.flatMap((start) => reachable(clientGraph, start)));
  return [...files].filter((file) => !/^assets\/site-/.test(file) && existsSync(join(clientDir, file)));
}

/**
 * The page's stylesheet: the site's, then the layout's and the page's own (loaded later, they
 * would restyle the page after its first paint: CLS 0.19 on /flash, 0.03 on /contact), in the
 * order Vite would load them, each cut to the rules the page can use, as one inline stylesheet.
 * The not-found page keeps every rule: it is the frame the worker writes its own pages into (a
 * request's status page), whose markup is not the site's code. Returns the tag and its CSP hash
 * source.
 */
function pageStyle(site, cssFiles, words) {
  const sheets = [site.css, ...cssFiles.map((file) => readFileSync(join(ssrDir, file), "utf8").trim())];
  const css = sheets.map((sheet) => (words ? cssForPage(sheet, words) : sheet)).join("");
  const hash = `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
  // Which files the page's rules were cut from, for the test that no rule it uses is missing.
  const from = [`client/${site.file}`, ...cssFiles.map((file) => `ssr/${file}`)];
  return { tag: `<style>${css}</style>`, hash, from };
}

/**
 * Every page starts its JavaScript after its first contentful paint and, where the page has a
 * lead image (the one with fetchpriority="high", its largest paint), once that image has loaded:
 * public/after-first-paint.js loads the site's entry and preloads the chunks of the islands due
 * at once, all together (still no request chain). Until then the page, its lead image and the
 * heading font have a phone's bandwidth to themselves. Pages read and work without JavaScript, so only the islands wait the
 * moment. Measured with Lighthouse's phone profile: the largest paint of /reviews, /contact and
 * /book-consultation went from 2.1 s to 1.4 s when React's 65 KiB no longer shared the
 * connection with the first screen (docs/decisions/013). The loader waits for the first
 * *contentful* paint (Chromium also reports the bare background's first paint, which can come
 * well before the text and the image); a page opened in a background tab, or a browser without
 * paint timing, starts at once, and two seconds start it whatever happens. With the chunks it
 * preloads the page's data file (`<meta name="page-data">`), which those islands hydrate from, so
 * that it comes beside them rather than after the entry script asks for it. The loader's own
 * comments live here: every visitor downloads that file. The admin's drawn pages start theirs
 * the same way (scripts/build.mjs); its build writes modulepreload links for its entry's chunks,
 * which become part of the list.
 */
export function scriptsAfterFirstPaint(template, chunkFiles, app = "site") {
  const entry = new RegExp(
    `<script type="module" crossorigin src="(/assets/${app}-[^"]+\\.js)"></script>`,
  ).exec(template);
  if (!entry) throw new Error(`The ${app}'s entry script was not found in its built page`);
  const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\n?\s*/g)];
  const chunks = [...preloads.map((m) => m[1]), ...chunkFiles.map((file) => `/${file}`)].join(" ");
  let page = template.replace(
    entry[0],
    () =>
      `<script defer src="/after-first-paint.js" data-entry="${entry[1]}" data-chunks="${chunks}"></script>`,
  );
  for (const [tag] of preloads) page = page.replace(tag, "");
  return page;
}

/** Cloudflare reads at most this many rules from `_headers` (shared/security-headers.ts). */
const maxHeaderRules = 100;

/**
 * Allows exactly the inlined stylesheet of each page, nothing else inline (style-src stays
 * 'self' + a hash). Every response under "/*" (scripts, images, fonts, the not-found page the
 * asset layer answers any unknown path with) carries the not-found page's one hash; each page
 * gets a rule of its own that swaps the policy for one with its own hash (`!` detaches the
 * inherited header). All pages' hashes on every response cost 52 bytes each on each of a
 * page's twenty-odd requests. The worker's pages take their policy from these files
 * (worker/features/site-pages/renderer.ts), so both answers of a path agree.
 */
function pageStylePolicies(headers, styleHashes) {
  const { "/404": notFound, ...pages } = styleHashes;
  const withHash = (hash) => headers.replace(/style-src 'self'/g, `style-src 'self' ${hash}`);
  const site = withHash(notFound);
  const policy = (hash) => /^ {2}Content-Security-Policy: (.*)$/m.exec(withHash(hash))?.[1] ?? "";
  const rules = Object.entries(pages).map(
    ([path, hash]) => `${path}\n  ! Content-Security-Policy\n  Content-Security-Policy: ${policy(hash)}`,
  );
  const count = (site.match(/^\S/gm) ?? []).length + rules.length;
  if (count > maxHeaderRules) {
    throw new Error(`_headers would hold ${count} rules; Cloudflare reads at most ${maxHeaderRules}.`);
  }
  return `${site}\n${rules.join("\n\n")}\n`;
}

export async function prerender({ quiet = false } = {}) {
  const entry = await import(pathToFileURL(resolve("dist/ssr/entry-server.js")).href);
  const built = readFileSync(join(clientDir, "index.html"), "utf8");
  const { template, site } = siteStylesheet(built);
  const siteUrl = configuredSiteUrl();
  const fonts = fontPreloads();
  const clientGraph = readChunkGraph("client");
  const ssrGraph = readChunkGraph("ssr");
  const clientEntry = chunkOf(clientGraph, "site/main.ts");
  const code = { ssrGraph, clientGraph, clientEntry, shared: sharedWords(clientGraph, clientEntry) };
  const styleHashes = {};
  const styleSources = {};
  const fill = ({ head, html }, pageKey, path) => {
    const words = pageKey ? pageWords(code, pageKey, html) : null;
    const style = pageStyle(site, pageCss(ssrGraph, pageKey ?? "not-found"), words);
    styleHashes[path] = style.hash;
    styleSources[path] = style.from;
    const scripts = islandScripts(clientGraph, html);
    const page = scriptsAfterFirstPaint(template, scripts);
    return page
      .replace("<!--head-->", () => [head, ...fonts].join("\n    "))
      .replace(stylesMark, () => style.tag)
      .replace("<!--app-->", () => html);
  };

  // The build's pages are the content as the typed modules hold it: the static fallback the
  // worker serves when it has never rendered a page (its renders use the published content).
  const content = entry.moduleContent();
  const written = [];
  for (const path of entry.prerenderPaths) {
    const page = await entry.render(path, siteUrl, content);
    if (page.status !== 200) throw new Error(`Prerendering ${path} answered ${page.status}`);
    const file = fileFor(path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, fill(page, entry.pageKeyFor(path), path));
    written.push(path);
  }
  const notFound = await entry.render("/404", siteUrl, content);
  writeFileSync(join(clientDir, "404.html"), fill(notFound, null, "/404"));
  writeFileSync(resolve("dist/meta/page-styles.json"), JSON.stringify(styleSources, null, 2));

  const today = new Date().toISOString().slice(0, 10);
  writeFileSync(join(clientDir, "sitemap.xml"), entry.renderSitemap(siteUrl, today));
  writeFileSync(join(clientDir, "robots.txt"), entry.renderRobots(siteUrl));
  // The privacy dialog, fetched by the pages' script after the first paint (not in every page's
  // first response, which it would push past one round trip on a phone).
  writeFileSync(join(clientDir, "consent-dialog.txt"), entry.renderConsentDialog());
  // Turnstile's script and frame are allowed only when a site key is configured.
  const turnstile = Boolean(process.env.TURNSTILE_SITE_KEY || wranglerVar("TURNSTILE_SITE_KEY"));
  // Only files that exist are cached as immutable (see renderHeadersFile).
  const assetFiles = readdirSync(join(clientDir, "assets"), { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile())
    .map((item) => `/${relative(clientDir, join(item.parentPath, item.name)).split(sep).join("/")}`)
    .sort();
  // Loaded by pages only; the service workers (sw.js, admin-sw.js) keep every header, since a
  // worker's own response carries its policy.
  const pageScripts = ["/after-first-paint.js", "/print-button.js"].filter((file) =>
    existsSync(join(clientDir, file)),
  );
  const headers = pageStylePolicies(
    entry.renderHeadersFile({ turnstile, assetFiles, pageScripts }),
    styleHashes,
  );
  writeFileSync(join(clientDir, "_headers"), headers);
  if (!quiet) console.log(`prerendered ${written.length} pages + 404 for ${siteUrl}`);
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await prerender();
}
