/**
 * The request's waitUntil, or null when there is none (a direct app.request in a test or a
 * script): work handed to it is then left to the cron, which retries whatever is still due.
 */
export function waitUntilOf(c: {
  readonly executionCtx: { waitUntil(work: Promise<unknown>): void };
}): ((work: Promise<unknown>) => void) | null {
  try {
    const ctx = c.executionCtx;
    return (work) => ctx.waitUntil(work);
  } catch {
    return null;
  }
}
