import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../worker/index";

let ipCounter = 0;
/** A distinct client address per request, so tests only meet the rate limit when they mean to. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface PostOptions {
  ip?: string;
  idempotencyKey?: string;
  contentType?: string | null;
  env?: Partial<Env>;
  /** Raw body instead of JSON.stringify(body). */
  raw?: BodyInit;
  headers?: Record<string, string>;
}

/**
 * Sends a request through the worker's own fetch handler with a real execution context, then
 * waits for the work it left running (the notification delivery), as the edge would.
 */
export async function send(path: string, init: RequestInit = {}, overrides: Partial<Env> = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(new URL(path, "https://studio.test"), init) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides } as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

export async function post(path: string, body: unknown, options: PostOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {
    "CF-Connecting-IP": options.ip ?? freshIp(),
    ...(options.headers ?? {}),
  };
  if (options.contentType !== null) headers["Content-Type"] = options.contentType ?? "application/json";
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  return send(
    path,
    { method: "POST", headers, body: options.raw ?? JSON.stringify(body) },
    options.env ?? {},
  );
}

/** How long the browser reports a form was open: longer than the minimum a person needs. */
const humanFillMs = 8000;

export const validContact = () => ({
  name: "Alicia Moreno",
  email: "Alicia.Moreno@Example.com ",
  phone: "(301) 555-0111",
  service: "small",
  message: "Do you have time for a small fine-line sprig of lavender next month?",
  newsletter: true,
  ageVerification: true,
  fillMs: humanFillMs,
});

export const validConsultation = () => ({
  name: "Devon O'Carter-Smith",
  email: "devon.carter+ink@example.com",
  phone: "+1 240 555 0172",
  tattooIdea: 'Black & grey realism of my dog "Juno" from a photo, about 5" x 4" - no color; drop shadow OK.',
  size: "Medium (4-6 inches)",
  placement: "Right upper arm",
  timeframe: "2-3 months",
  experience: "1-2 tattoos",
  budget: "$600-800",
  availability: "Thursday or Friday afternoons",
  ageVerification: true,
  fillMs: humanFillMs,
});

export async function count(table: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>();
  return row?.n ?? 0;
}

/** A mail provider binding that fails like an unreachable mail service. */
export const brokenMailer = {
  send: async () => {
    throw new Error("mail service unreachable");
  },
} as unknown as SendEmail;

export function recordingMailer() {
  // EmailMessage exposes only its envelope; the MIME text is tested through buildMime.
  const sent: { from: string; to: string }[] = [];
  const binding = {
    send: async (message: { from: string; to: string }) => {
      sent.push({ from: message.from, to: message.to });
      return { messageId: `recorded-${sent.length}` };
    },
  } as unknown as SendEmail;
  return { binding, sent };
}
