/** @jsxImportSource hono/jsx */
import type { Context } from "hono";
import type { JSX } from "hono/jsx/jsx-runtime";
import type { Facts } from "../../../shared/content-facts";
import { pageSecurityHeaders } from "../../../shared/security-headers";
import type { ErrorAnswer } from "../../platform/api-error";
import { markup } from "../../platform/markup";
import { withoutScripts } from "../../platform/without-scripts";
import type { AppEnv } from "../../types";
import { publishedFacts } from "../content/facts";
import { notFoundShell, siteDocument } from "../site-pages";
import { FormNotSent, TooManyTries } from "./pages";
import type { StatusLookup } from "./service";

/**
 * A private page under /requests/<token>: one person's, so never kept in any cache, never
 * indexed, and sent with no referrer, as its address is the secret. It is a whole document of its
 * own, in the site's layout (worker/features/site-pages/renderer.ts, renderAroundMain), with its main
 * content in hono/jsx (docs/decisions/024-server-html-in-jsx.md).
 */
export interface PrivatePage {
  status: number;
  /** The page's own title; the studio's published name follows it. */
  title: string;
  /** The main content, or how to draw it from the studio's published facts. */
  main: JSX.Element | ((facts: Facts) => JSX.Element);
  /** The facts, when the caller has already read them for the page's other parts. */
  facts?: Facts;
}

/** Where the layout of every private page is drawn: not one of the site's pages. */
const privatePath = "/requests";

/** What a private page's document is sent with, whatever it says. */
function privateHeaders<E extends AppEnv>(c: Context<E>, from: Headers | Record<string, string>): Headers {
  const headers = new Headers(from);
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  headers.set("X-Robots-Tag", "noindex");
  headers.set("Referrer-Policy", "no-referrer");
  for (const name of ["Content-Length", "ETag", "Last-Modified", "Vary", "Age"]) headers.delete(name);
  for (const [name, value] of c.res.headers)
    if (name.toLowerCase() === "retry-after") headers.set(name, value);
  return headers;
}

/**
 * A private page runs none of the site's scripts: they would record its address (the secret) in
 * the tab's storage, the personalization's visit history and the error logs. Everything on it is
 * a plain page and plain forms, so it loses nothing; the no-JavaScript stylesheet it gets is the
 * one every page without scripts uses.
 */
function withoutAnyScript(response: Response): Response {
  return withoutScripts(new HTMLRewriter(), 'script, link[rel="modulepreload"]').transform(response);
}

export async function privatePage<E extends AppEnv>(c: Context<E>, page: PrivatePage): Promise<Response> {
  const facts = page.facts ?? (await publishedFacts(c.env));
  const main = typeof page.main === "function" ? page.main(facts) : page.main;
  const { html, styleHashes } = await siteDocument(c, {
    path: privatePath,
    head: markup(
      <>
        <title>{`${page.title} | ${facts.studio.name}`}</title>
        <meta name="robots" content="noindex" />
      </>,
    ),
    headEnd: markup(<link rel="stylesheet" href="/request-status.css" />),
    main: await main.toString(),
  });
  return withoutAnyScript(
    new Response(html, {
      status: page.status,
      headers: privateHeaders(c, pageSecurityHeaders({ styleHashes })),
    }),
  );
}

/**
 * The answer to a wrong, revoked or rate-limited link: the site's not-found page, or for an
 * address that tried too many wrong links, 429 for every link, so neither answer says anything
 * about a token.
 */
export async function refusedLink<E extends AppEnv>(
  c: Context<E>,
  miss: Exclude<StatusLookup, { found: true }>,
): Promise<Response> {
  if (miss.limited) {
    c.header("Retry-After", String(miss.retryAfter));
    return privatePage(c, {
      status: 429,
      title: "Too many tries",
      main: (facts) => <TooManyTries facts={facts} />,
    });
  }
  const page = await notFoundShell(c);
  // The site's own not-found page, the same as for any unknown address (scripts included), so a
  // wrong or revoked link says nothing: such a link opens nothing any more.
  return new Response(page.body, { status: 404, headers: privateHeaders(c, page.headers) });
}

/**
 * The answer to anything thrown under /requests/<token>: every address there is a page a browser
 * opened or a plain form it posted, so the refusal is a page too, with its status, and the way
 * back to the request when its link was already resolved.
 */
export function formNotSent<E extends AppEnv>(c: Context<E>, answer: ErrorAnswer, token: string | null) {
  for (const [name, value] of Object.entries(answer.headers)) c.header(name, value);
  return privatePage(c, {
    status: answer.status,
    title: "Not sent",
    main: (facts) => (
      <FormNotSent
        status={answer.status}
        message={answer.message}
        back={token ? `/requests/${token}` : null}
        facts={facts}
      />
    ),
  });
}
