import { log } from "./log";
import { vapidKeyProblem } from "./push";

/**
 * What the worker needs from its deployment, and whether it has it: each binding, each secret and
 * each outside service, by name, as "ok", "missing" or "failing" (present but unusable: too short,
 * not the right shape, half of a pair). Never a value. `/api/health` and the admin's system checks
 * show the list; the worker logs each problem once (reportConfigurationOnce), not on every request
 * that meets it.
 */

type DependencyState = "ok" | "missing" | "failing";

export interface DependencyCheck {
  name: string;
  /** A required piece missing or failing makes the site degraded; an optional one only if failing. */
  required: boolean;
  state: DependencyState;
  /** What is wrong, in words an operator can act on; never a value. */
  why?: string;
}

type Settings = Record<string, unknown>;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

function base64Bytes(value: string): number | null {
  try {
    return atob(value).length;
  } catch {
    return null;
  }
}

function secret(env: Settings, name: string, rule: (value: string) => string | null): DependencyCheck {
  const value = text(env[name]);
  if (!value)
    return { name, required: true, state: "missing", why: `set it with wrangler secret put ${name}` };
  const why = rule(value);
  return why ? { name, required: true, state: "failing", why } : { name, required: true, state: "ok" };
}

const atLeast = (length: number) => (value: string) =>
  value.length >= length ? null : `shorter than ${length} characters`;

function binding(env: Settings, name: string, label: string): DependencyCheck {
  return env[name]
    ? { name: label, required: true, state: "ok" }
    : { name: label, required: true, state: "missing", why: `no ${name} binding in wrangler.toml` };
}

function mail(env: Settings): DependencyCheck {
  const provider = text(env.MAIL_PROVIDER) || "cloudflare";
  if (provider === "http") {
    return text(env.MAIL_API_KEY)
      ? { name: "mail", required: true, state: "ok" }
      : {
          name: "mail",
          required: true,
          state: "missing",
          why: 'MAIL_PROVIDER is "http" but MAIL_API_KEY is not set',
        };
  }
  if (provider === "log") {
    return env.ENVIRONMENT === "production"
      ? {
          name: "mail",
          required: true,
          state: "failing",
          why: 'MAIL_PROVIDER "log" is refused in production',
        }
      : { name: "mail", required: true, state: "ok" };
  }
  const absent = ["MAILER", "VISITOR_MAILER"].filter((name) => !env[name]);
  return absent.length
    ? { name: "mail", required: true, state: "missing", why: `no ${absent.join(" or ")} send_email binding` }
    : { name: "mail", required: true, state: "ok" };
}

/** An optional pair of settings: both or neither; one alone is a mistake that fails quietly. */
function pair(
  env: Settings,
  name: string,
  [first, second]: [string, string],
  shape?: (value: string) => string | null,
): DependencyCheck {
  const [a, b] = [text(env[first]), text(env[second])];
  if (!a && !b)
    return { name, required: false, state: "missing", why: `off: ${first} and ${second} are not set` };
  if (!a || !b) return { name, required: false, state: "failing", why: `${a ? second : first} is not set` };
  const why = shape?.(a);
  return why ? { name, required: false, state: "failing", why } : { name, required: false, state: "ok" };
}

/** An optional secret that turns a feature on: absent is "off", present but unusable is failing. */
function optional(
  env: Settings,
  name: string,
  key: string,
  shape: (value: string) => string | null,
): DependencyCheck {
  const value = text(env[key]);
  if (!value) return { name, required: false, state: "missing", why: `off: ${key} is not set` };
  const why = shape(value);
  return why ? { name, required: false, state: "failing", why } : { name, required: false, state: "ok" };
}

/** The text provider's number and origin, once its account and token are set. */
function smsProblem(env: Settings): string | null {
  const from = text(env.SMS_FROM);
  if (!from) return "SMS_FROM is not set";
  if (!/^\+[1-9]\d{7,14}$/.test(from)) return "SMS_FROM is not a number in E.164 form (+13015550123)";
  const base = text(env.SMS_API_BASE);
  return base && !URL.canParse(base) ? "SMS_API_BASE is not a URL" : null;
}

/** Everything that can be told without a call: presence and shape. */
export function configurationChecks(env: Settings): DependencyCheck[] {
  return [
    binding(env, "DB", "db"),
    binding(env, "METRICS_DB", "metricsDb"),
    binding(env, "KV", "kv"),
    binding(env, "PHOTOS", "photos"),
    binding(env, "IMAGES", "images"),
    mail(env),
    secret(env, "JWT_SECRET", atLeast(32)),
    secret(env, "PASSWORD_PEPPER", atLeast(16)),
    secret(env, "RATE_LIMIT_SECRET", atLeast(32)),
    secret(env, "RELEASE_FORM_KEY", (value) => (base64Bytes(value) === 32 ? null : "not base64 of 32 bytes")),
    pair(env, "stripe", ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"], (key) =>
      /^(sk|rk)_(test|live)_/.test(key) ? null : "STRIPE_SECRET_KEY is not a Stripe secret key",
    ),
    pair(env, "turnstile", ["TURNSTILE_SITE_KEY", "TURNSTILE_SECRET_KEY"]),
    optional(env, "push", "VAPID_PRIVATE_KEY", vapidKeyProblem),
    pair(env, "sms", ["SMS_ACCOUNT_SID", "SMS_AUTH_TOKEN"], () => smsProblem(env)),
  ];
}

/** Whether a check's state makes the site degraded. */
export const isProblem = (check: DependencyCheck) =>
  check.state === "failing" || (check.required && check.state !== "ok");

const reported = new WeakSet<object>();

/**
 * Logs each missing or failing piece of the configuration once for this deployment's settings
 * (the env object an isolate is given), at the first request or cron run that meets it.
 */
export function reportConfigurationOnce(env: object): void {
  // Settings do not change under a running isolate: checked on the first request only, not on
  // every request after it.
  if (reported.has(env)) return;
  reported.add(env);
  for (const check of configurationChecks(env as Settings)) {
    if (!isProblem(check)) continue;
    log(check.required ? "error" : "warn", "configuration: a dependency is not usable", {
      dependency: check.name,
      state: check.state,
      why: check.why,
    });
  }
}
