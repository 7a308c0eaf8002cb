// A measuring worker for `npm run bench:edge`, never deployed: the worker's real page pipeline
// and site renderer (worker/features/site-pages/), with the D1 binding wrapped to count the statements a page
// view makes. Built by scripts/bench-edge.mjs into dist/edge-probe and served by wrangler dev next
// to the built static files, on the local database the real worker uses.
//   /probe/page/<path>    the page as the worker serves it, plus `x-d1-queries`
//   /probe/render/<path>  Date.now() around ?n= renders of the live version in this warm isolate

import { liveContentVersion } from "../../worker/features/content/service.ts";
import { servePage } from "../../worker/features/site-pages/pipeline.ts";
import { isSitePage, siteRenderer } from "../../worker/features/site-pages/renderer.ts";

/** The origin the build prerendered with (the page shells are cut from its files). */
const siteUrl = __SITE_URL__;

function counting(db) {
  const counter = { queries: 0 };
  const proxy = new Proxy(db, {
    get(target, property) {
      if (property === "prepare") {
        return (query) => {
          counter.queries++;
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: proxy, counter };
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    // What the local server launcher waits for before it hands the server over.
    if (url.pathname === "/api/health") return Response.json({ ok: true });
    if (url.pathname.startsWith("/probe/render/")) {
      const path = url.pathname.slice("/probe/render".length);
      const n = Number(url.searchParams.get("n") ?? 20);
      const version = await liveContentVersion(env.DB);
      const render = siteRenderer(env.ASSETS, env.DB, siteUrl);
      // Warm: the shell taken from the build and the version's content parsed once.
      await render(path, version);
      const start = Date.now();
      for (let i = 0; i < n; i++) await render(path, version);
      return Response.json({ perRenderMs: (Date.now() - start) / n });
    }
    if (!url.pathname.startsWith("/probe/page/")) return new Response("not a probe path", { status: 404 });
    const path = url.pathname.slice("/probe/page".length);
    const { db, counter } = counting(env.DB);
    const response = await servePage(new Request(new URL(path, url.origin), request), {
      cache: caches.default,
      kv: env.KV,
      db,
      assets: env.ASSETS,
      render: siteRenderer(env.ASSETS, db, siteUrl),
      isPage: isSitePage,
      build: "bench",
      turnstile: false,
      now: Date.now,
      waitUntil: (work) => ctx.waitUntil(work),
    });
    const headers = new Headers(response.headers);
    headers.set("x-d1-queries", String(counter.queries));
    return new Response(response.body, { status: response.status, headers });
  },
};
