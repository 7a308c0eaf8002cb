import { beforeEach, describe, expect, it, vi } from "vitest";
import { servePage } from "../../worker/features/site-pages/pipeline";
import { location, publishNextVersion, resetContentAndPages } from "./page-pipeline-support";

beforeEach(resetContentAndPages);
// Every stale answer is logged as a warning; the page the visitor gets is what is asserted.
beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

type Location = ReturnType<typeof location>;

async function view(at: Location, path: string) {
  const { pipeline } = at.pipeline();
  const response = await servePage(new Request(`${at.origin}${path}`), pipeline);
  const text = await response.text();
  await at.settle();
  return { status: response.status, text, headers: response.headers };
}

/** The page at `path` as a visitor gets it: the status asserted, and a line the page must hold. */
async function viewExpecting(at: Location, path: string, status: number, holds: string) {
  const served = await view(at, path);
  expect(served.status).toBe(status);
  expect(served.text).toContain(holds);
  return served;
}

/** The location served `path`; then a new version is published, and 5 s on its renderer throws. */
async function renderFailsOnNextVersion(here: Location, path: string) {
  await view(here, path);
  await publishNextVersion();
  here.clock.now += 5_000;
  here.renderer.failing = true;
}

/** A copy a browser or edge cache may keep, but must check again before showing. */
const revalidated = "public, max-age=0, must-revalidate";

describe("a public page when D1 or the renderer fails", () => {
  it("D1 and KV gone after the location's version expired: its cached page of the version it last knew", async () => {
    const here = location();
    await view(here, "/gallery");
    here.clock.now += 60_000;
    here.takeDatabaseAway();
    here.takeKvAway();
    const served = await viewExpecting(here, "/gallery", 200, "/gallery at version 1");
    expect(served.headers.get("Cache-Control")).toBe(revalidated);
  });

  it("D1 gone at a location that never served the page: the last good copy from KV", async () => {
    const warm = location();
    await view(warm, "/services");
    const cold = location();
    cold.takeDatabaseAway();
    await viewExpecting(cold, "/services", 200, "/services at version 1");
    expect(cold.renderer.renders).toBe(0);
  });

  it("the renderer throws on a new version: the last good page, never a 5xx", async () => {
    const here = location();
    await renderFailsOnNextVersion(here, "/");
    await viewExpecting(here, "/", 200, "/ at version 1");
  });

  it("a page never rendered anywhere, with D1 gone: the build's prerendered file", async () => {
    const here = location();
    here.takeDatabaseAway();
    const served = await viewExpecting(here, "/faq", 200, "prerendered /faq");
    expect(served.headers.get("Cache-Control")).toBe(revalidated);
    expect(here.renderer.renders).toBe(0);
  });

  it("an unknown path with D1 gone: still the not-found page with status 404", async () => {
    const here = location();
    here.takeDatabaseAway();
    await viewExpecting(here, "/no-such-page", 404, "not found");
  });

  it("a render that fails with no copy anywhere: the prerendered file, not an error", async () => {
    const here = location();
    here.renderer.failing = true;
    await viewExpecting(here, "/gallery", 200, "prerendered /gallery");
  });

  it("recovers: once D1 is back the current version is served again", async () => {
    const here = location();
    await renderFailsOnNextVersion(here, "/faq");
    expect((await view(here, "/faq")).text).toContain("/faq at version 1");
    here.renderer.failing = false;
    expect((await view(here, "/faq")).text).toContain("/faq at version 2");
  });
});
