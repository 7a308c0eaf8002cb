import { AsyncLocalStorage } from "node:async_hooks";
import { withoutTokens } from "../../shared/private-links";

/**
 * Structured JSON logs: one object a line. Every line written while a request (or a cron run)
 * is being handled carries its id, including lines from work it hands to `waitUntil` (the mail
 * outbox), because the id travels in an AsyncLocalStorage context rather than through every
 * function's arguments. Callers pass no personal data (names, e-mail addresses, message text,
 * IP addresses): ids, counts, statuses and error kinds only.
 */
type Level = "debug" | "info" | "warn" | "error";

interface LogContext {
  requestId?: string;
  runId?: string;
}

const context = new AsyncLocalStorage<LogContext>();

/** Runs `fn` with `ids` attached to every log line written inside it (and in what it starts). */
export function withLogContext<T>(ids: LogContext, fn: () => T): T {
  return context.run({ ...context.getStore(), ...ids }, fn);
}

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  // A field may hold a path or an error message that names a private link: its token is left out.
  const line = withoutTokens(
    JSON.stringify({
      level,
      message,
      time: new Date().toISOString(),
      ...context.getStore(),
      ...fields,
    }),
  );
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}
