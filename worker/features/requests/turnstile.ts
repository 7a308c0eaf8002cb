/**
 * Server-side check of a Cloudflare Turnstile token (only when TURNSTILE_SECRET_KEY is set).
 * https://developers.cloudflare.com/turnstile/get-started/server-side-validation/
 */
const turnstileVerifyUrl = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

export type TurnstileOutcome = "ok" | "invalid" | "unavailable";

export async function verifyTurnstile(input: {
  secret: string;
  token: unknown;
  ip: string | null;
  idempotencyKey?: string;
}): Promise<TurnstileOutcome> {
  if (typeof input.token !== "string" || input.token.length === 0 || input.token.length > 2048)
    return "invalid";
  const form = new FormData();
  form.append("secret", input.secret);
  form.append("response", input.token);
  if (input.ip) form.append("remoteip", input.ip);
  if (input.idempotencyKey) form.append("idempotency_key", input.idempotencyKey);
  try {
    const response = await fetch(turnstileVerifyUrl, {
      method: "POST",
      body: form,
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return "unavailable";
    const result = (await response.json()) as { success?: unknown };
    return result.success === true ? "ok" : "invalid";
  } catch {
    return "unavailable";
  }
}
