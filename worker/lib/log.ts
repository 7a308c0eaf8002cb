/**
 * Structured JSON logs: one object a line, always with the request id when there is one.
 * Callers pass no personal data (names, e-mail addresses, message text, IP addresses).
 */
type Level = "debug" | "info" | "warn" | "error";

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}
