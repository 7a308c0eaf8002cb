import { env } from "cloudflare:test";
import { moduleContent, render } from "virtual:site-render";

/** The one stylesheet the stand-in build inlines, and its CSP hash source. */
const builtStyle = "body{color:#d4af37}";
export const builtStyleHash = "'sha256-V0jPbaGvtemNMWUzC/laYkXQUsBz7eOyLjzF1SjzkII='";

/** The asset layer of a build: each page prerendered by the site's render inside the template. */
export async function prerendered(path: string): Promise<string> {
  const page = await render(path, env.SITE_URL, moduleContent());
  return `<!doctype html><html lang="en"><head><meta charset="utf-8" />${page.head}<style>${builtStyle}</style></head><body><div id="root">${page.html}</div></body></html>`;
}
export const prerenderedAssets = {
  fetch: async (request: Request) => {
    const path = new URL(request.url).pathname;
    return new Response(await prerendered(path), {
      status: 200,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  },
} as unknown as Fetcher;
