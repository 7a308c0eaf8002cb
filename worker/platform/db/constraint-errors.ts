/**
 * Whether a failed D1 statement reports `failure` in its message or in any error it wraps (drizzle
 * nests SQLite's message in `cause`): how a batch learns which of its guards stopped it.
 */
export function failedWith(error: unknown, failure: RegExp): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (failure.test(String((e as Error).message ?? e))) return true;
  }
  return false;
}
