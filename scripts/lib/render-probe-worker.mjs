// A measuring worker for `npm run bench:render`, never deployed: the public site's React tree
// (site/entry-server.tsx, as the prerenderer renders it) bundled for workerd, next to the
// storage paths an edge-rendered page would take (Cache API, KV, one D1 row) and an
// HTMLRewriter patch of a prerendered page. Built by scripts/bench-render.mjs into dist/.
// Every route lives under /probe/<mode>/<page path>; everything else is the static asset layer.
import { moduleContent, render } from "../../site/entry-server.tsx";

const siteUrl = "https://gildedneedletattoo.com";
const contentVersion = "1";
const htmlHeaders = { "content-type": "text/html; charset=utf-8" };

/**
 * The page shell around the rendered app: the prerendered file with its rendered head and app
 * cut back to markers, made once per path from the asset layer, so the probe renders into the
 * very template the build wrote and its output can be compared byte for byte.
 */
const templates = new Map();
async function templateFor(env, path, page) {
  if (!templates.has(path)) {
    const file = await env.ASSETS.fetch(new Request(new URL(path, "http://assets.local")));
    const built = await file.text();
    if (!built.includes(page.head) || !built.includes(page.html)) return null;
    templates.set(path, built.replace(page.head, "<!--head-->").replace(page.html, "<!--app-->"));
  }
  return templates.get(path);
}

async function renderPage(env, path) {
  const page = await render(path, siteUrl, moduleContent());
  const template = await templateFor(env, path, page);
  if (template === null) throw new Error(`the built page at ${path} does not hold what the probe rendered`);
  const html = template.replace("<!--head-->", () => page.head).replace("<!--app-->", () => page.html);
  return { html, status: page.status };
}

// The facts an artist changes most, patched into the prerendered home page by three selectors.
function patchHome(response) {
  return new HTMLRewriter()
    .on("main", {
      element(element) {
        element.prepend('<p class="announcement" role="status">Books open for spring</p>', { html: true });
      },
    })
    .on(".hero__facts strong", {
      element(element) {
        element.setInnerContent("5.0");
      },
    })
    .on('a.button--primary[href="/book-consultation"]', {
      element(element) {
        element.setInnerContent("Join the waitlist");
      },
    })
    .transform(response);
}

const modes = {
  ok: async () => new Response("ok"),
  async render(env, path) {
    const page = await renderPage(env, path);
    return new Response(page.html, { status: page.status, headers: htmlHeaders });
  },
  // n renders timed with Date.now(). The clock is read after an I/O boundary: deployed workerd
  // advances it only on I/O; local workerd (this probe's) advances it during CPU work too.
  async loop(env, path, url) {
    const n = Number(url.searchParams.get("n") ?? 20);
    await renderPage(env, path);
    const start = Date.now();
    for (let i = 0; i < n; i++) await renderPage(env, path);
    await env.KV.get("probe:clock");
    return Response.json({ n, perRenderMs: (Date.now() - start) / n });
  },
  // The first render in a fresh isolate (the bench restarts the server before asking): on a quiet
  // site most uncached renders land in an isolate that has not rendered yet.
  async first(env, path) {
    const start = Date.now();
    const page = await render(path, siteUrl, moduleContent());
    const ms = Date.now() - start;
    await templateFor(env, path, page);
    return Response.json({ ms });
  },
  async cache(env, path, url, ctx) {
    const key = new Request(`${url.origin}/probe-cache/${contentVersion}${path}`);
    const hit = await caches.default.match(key);
    if (hit) return hit;
    const page = await renderPage(env, path);
    const stored = new Response(page.html, {
      status: page.status,
      headers: { ...htmlHeaders, "cache-control": "public, max-age=31536000" },
    });
    ctx.waitUntil(caches.default.put(key, stored));
    return new Response(page.html, { status: page.status, headers: htmlHeaders });
  },
  async kv(env, path) {
    const key = `probe:page:${contentVersion}:${path}`;
    const body = await env.KV.get(key, "stream");
    if (body) return new Response(body, { headers: htmlHeaders });
    const page = await renderPage(env, path);
    await env.KV.put(key, page.html);
    return new Response(page.html, { headers: htmlHeaders });
  },
  async d1(env, _path, _url, _ctx, request) {
    if (request.method === "PUT") {
      await env.DB.exec(
        "CREATE TABLE IF NOT EXISTS probe_content (version INTEGER PRIMARY KEY, body TEXT NOT NULL)",
      );
      await env.DB.prepare("INSERT OR REPLACE INTO probe_content (version, body) VALUES (1, ?)")
        .bind(await request.text())
        .run();
      return new Response("ok");
    }
    const row = await env.DB.prepare(
      "SELECT version, body FROM probe_content ORDER BY version DESC LIMIT 1",
    ).first();
    return Response.json({ version: row?.version, keys: row ? Object.keys(JSON.parse(row.body)).length : 0 });
  },
  asset: (env, path, url) => env.ASSETS.fetch(new Request(new URL(path, url))),
  rewrite: async (env, path, url) => patchHome(await env.ASSETS.fetch(new Request(new URL(path, url)))),
};

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    // The local server's launcher waits for this answer.
    if (url.pathname === "/api/health") return new Response("ok");
    const [, , mode, ...rest] = url.pathname.split("/");
    const handler = modes[mode];
    if (!handler) return new Response("unknown probe", { status: 404 });
    return handler(env, `/${rest.join("/")}`, url, ctx, request);
  },
};
