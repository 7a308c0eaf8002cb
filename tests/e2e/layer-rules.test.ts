import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The import rules of the worker's features (docs/decisions/028-worker-layers.md) fail the lint
 * on a wrong-way import, proven with deliberate ones: each probe file is linted with the repo's
 * own biome.json in a scratch folder laid out like the repo, so nothing in the tree is touched.
 */
const biome = resolve("node_modules/.bin/biome");
const scratch = mkdtempSync(join(tmpdir(), "layer-rules-"));
const config = JSON.parse(readFileSync("biome.json", "utf8"));
delete config.$schema;
config.vcs = { enabled: false };
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let probes = 0;

/** Lints one file, at `path` in the repo's layout, holding `source`; resolves with the lint's verdict. */
async function lint(path: string, source: string): Promise<{ ok: boolean; output: string }> {
  const folder = join(scratch, String(++probes));
  mkdirSync(dirname(join(folder, path)), { recursive: true });
  writeFileSync(join(folder, "biome.json"), JSON.stringify(config));
  writeFileSync(join(folder, path), `${source}\n`);
  try {
    const { stdout, stderr } = await promisify(execFile)(
      biome,
      ["lint", "--only=style/noRestrictedImports", "--only=suspicious/noImportCycles", "."],
      { cwd: folder },
    );
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    return { ok: false, output: stdout + stderr };
  }
}

describe("the worker's import rules", () => {
  // Each probe: the verdict the rules must give, what the import is, the file and what it imports.
  it.each([
    [
      "refuse",
      "a feature reaching into another's routes",
      "worker/features/booking/service.ts",
      "../request-status/routes",
    ],
    [
      "refuse",
      "a feature reaching into another's queries",
      "worker/features/booking/service.ts",
      "../waitlist/queries",
    ],
    ["refuse", "a feature importing the app's registry", "worker/features/booking/routes.ts", "../../app"],
    ["refuse", "a query importing its own service", "worker/features/booking/queries.ts", "./service"],
    [
      "refuse",
      "a query importing middleware",
      "worker/features/booking/queries.ts",
      "../../platform/middleware/same-origin",
    ],
    [
      "refuse",
      "a page importing another feature's page",
      "worker/features/booking/status-page.tsx",
      "../aftercare/status-page",
    ],
    [
      "allow",
      "a feature using another through its public module",
      "worker/features/booking/service.ts",
      "../request-status",
    ],
    [
      "allow",
      "a feature using another's service",
      "worker/features/booking/service.ts",
      "../waitlist/service",
    ],
    ["allow", "a query importing its tables", "worker/features/booking/queries.ts", "./tables"],
    ["allow", "the registry mounting a feature's routes", "worker/requests.ts", "./features/booking/routes"],
  ])("%s %s", async (verdict, _, path, from) => {
    const result = await lint(path, `import { x } from "${from}";\n\nexport const y = x;`);
    expect(result.ok, result.output).toBe(verdict === "allow");
    // A refusal names the rule that made it.
    expect(result.output.includes("noRestrictedImports"), result.output).toBe(verdict === "refuse");
  });
});
