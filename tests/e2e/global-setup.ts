import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startBuiltSite } from "../support/server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const workerConfig = "dist/gilded_needle/wrangler.json";
  if (!existsSync(workerConfig) || !existsSync("dist/client/about/index.html")) {
    const { buildAll } = await import("../../scripts/build.mjs");
    await buildAll({ quiet: true });
  }
  const server = await startBuiltSite({
    port: Number(process.env.E2E_PORT ?? 8790),
    persistTo: ".wrangler/e2e-state",
    workerConfig,
  });
  project.provide("baseUrl", server.url);
  return () => server.stop();
}
