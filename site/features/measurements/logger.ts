import type { LogLevel } from "../../../shared/schemas/measurements";
import { readJson, writeJson } from "../../lib/browser-storage";
import { postJson } from "./beacon";
import { sessionId } from "./session-id";

/**
 * The client logger: warn and above in production, everything in development; entries go to
 * POST /api/logs with a 5 s timeout and are kept locally (at most 100) when sending fails, then
 * retried with the next entry that gets through.
 */
const rank: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };
const logSettings = { timeoutMs: 5000, maxStored: 100, maxMessage: 1000 } as const;
const pendingKey = "logs";

interface Entry {
  timestamp: string;
  level: LogLevel;
  message: string;
  url: string;
  userAgent: string;
  sessionId: string;
  extras?: Record<string, string | number | boolean | null>;
}

const minimumLevel = (): LogLevel => (import.meta.env.PROD ? "warn" : "debug");

function cleanExtras(extras: Record<string, unknown> | undefined) {
  if (!extras) return undefined;
  const out: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(extras).slice(0, 12)) {
    if (value === null || typeof value === "number" || typeof value === "boolean")
      out[key.slice(0, 40)] = value;
    else out[key.slice(0, 40)] = String(value).slice(0, 200);
  }
  return out;
}

async function send(entry: Entry): Promise<boolean> {
  try {
    const response = await postJson(
      "/api/logs",
      JSON.stringify(entry),
      AbortSignal.timeout(logSettings.timeoutMs),
    );
    // A 4xx means the entry itself is unacceptable: keeping it would not help.
    const status = response.status;
    return response.ok || (status >= 400 && status < 500 && status !== 429);
  } catch {
    return false;
  }
}

function keep(entry: Entry) {
  const pending = readJson<Entry[]>("local", pendingKey) ?? [];
  pending.push(entry);
  writeJson("local", pendingKey, pending.slice(-logSettings.maxStored));
}

async function retryPending() {
  const pending = readJson<Entry[]>("local", pendingKey) ?? [];
  if (!pending.length) return;
  writeJson("local", pendingKey, []);
  for (const entry of pending) if (!(await send(entry))) keep(entry);
}

function log(level: LogLevel, message: string, extras?: Record<string, unknown>): void {
  if (typeof window === "undefined" || rank[level] < rank[minimumLevel()]) return;
  const entry: Entry = {
    timestamp: new Date().toISOString(),
    level,
    message: message.slice(0, logSettings.maxMessage) || "(empty message)",
    url: window.location.pathname,
    userAgent: navigator.userAgent.slice(0, 400),
    sessionId: sessionId(),
    extras: cleanExtras(extras),
  };
  void send(entry).then((ok) => (ok ? retryPending() : keep(entry)));
}

export const logger = {
  debug: (message: string, extras?: Record<string, unknown>) => log("debug", message, extras),
  info: (message: string, extras?: Record<string, unknown>) => log("info", message, extras),
  warn: (message: string, extras?: Record<string, unknown>) => log("warn", message, extras),
  error: (message: string, extras?: Record<string, unknown>) => log("error", message, extras),
};

/** Global script errors and unhandled promise rejections are logged, so broken pages get noticed. */
export function installGlobalErrorHandlers(): () => void {
  const onError = (event: ErrorEvent) =>
    logger.error(event.message || "Script error", {
      source: event.filename ? new URL(event.filename, window.location.href).pathname : null,
      line: event.lineno ?? null,
      column: event.colno ?? null,
    });
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason = event.reason;
    logger.error(`Unhandled promise rejection: ${reason instanceof Error ? reason.message : String(reason)}`);
  };
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}
