import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import {
  productionBlock,
  productionIdsOf,
  topLevelOf,
  withProductionBlock,
} from "../../scripts/lib/production-config.mjs";
import { configurationChecks } from "../../worker/platform/configuration";

/**
 * The deployment refuses what the worker cannot run without: the production environment's
 * `secrets.required` (wrangler deploy refuses while one is unset) names exactly the secrets the
 * worker's own configuration report calls required, so neither list can drift from the other.
 */
describe("the production configuration", () => {
  const config = parse(readFileSync("wrangler.toml", "utf8")) as {
    env: { production: { secrets?: { required?: string[] }; observability?: unknown } };
    observability?: {
      enabled?: boolean;
      redact_query_string?: boolean;
      logs?: { invocation_logs?: boolean };
      traces?: { enabled?: boolean };
    };
  };

  it("keeps request URLs, which hold private links' tokens, out of the platform's logs and traces", () => {
    expect(config.observability).toEqual({
      enabled: true,
      redact_query_string: true,
      logs: { invocation_logs: false },
      traces: { enabled: false },
    });
    // Production inherits it: an environment of its own would need the same three settings.
    expect(config.env.production.observability).toBeUndefined();
  });

  it("is generated from the top level, not copied by hand (npm run launch rewrites it with the ids)", () => {
    const text = readFileSync("wrangler.toml", "utf8");
    expect(withProductionBlock(text, productionBlock(topLevelOf(text), productionIdsOf(text)))).toBe(text);
  });

  it("declares as required exactly the secrets the worker reports as required", () => {
    const requiredSecrets = configurationChecks({})
      .filter((check) => check.required && /^[A-Z_]+$/.test(check.name))
      .map((check) => check.name);
    expect(requiredSecrets).toHaveLength(4);
    expect([...(config.env.production.secrets?.required ?? [])].sort()).toEqual([...requiredSecrets].sort());
  });

  it("reports an empty deployment as missing every binding and secret it needs, by name only", () => {
    const checks = configurationChecks({});
    expect(checks.filter((check) => check.required).map((check) => [check.name, check.state])).toEqual([
      ["db", "missing"],
      ["metricsDb", "missing"],
      ["kv", "missing"],
      ["photos", "missing"],
      ["images", "missing"],
      ["mail", "missing"],
      ["JWT_SECRET", "missing"],
      ["PASSWORD_PEPPER", "missing"],
      ["RATE_LIMIT_SECRET", "missing"],
      ["RELEASE_FORM_KEY", "missing"],
    ]);
    expect(checks.filter((check) => !check.required).map((check) => [check.name, check.state])).toEqual([
      ["stripe", "missing"],
      ["turnstile", "missing"],
      ["push", "missing"],
      ["sms", "missing"],
    ]);
  });
});
