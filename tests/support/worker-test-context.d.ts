// What vitest.worker.config.ts provides to the worker tests, declared where both the config
// (node project) and the tests (worker-tests project) read it.
import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** DEEP_FUZZ=1: property tests run their deep sizes (tests/worker/property-runs.ts). */
    deepFuzz: boolean;
  }
}
