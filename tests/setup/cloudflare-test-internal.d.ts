// The pool's internal module, which `cloudflare:test` re-exports from: it alone exports the wait
// for the waitUntil work every request of a file handed over (tests/setup/fresh-storage.ts).
declare module "cloudflare:test-internal" {
  export function waitForGlobalWaitUntil(): Promise<void>;
}
