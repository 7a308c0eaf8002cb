// npm start: build everything, prepare the local database, print the local admin login and
// serve the site through workerd on http://localhost:8787, offline. Ctrl-C stops it.
import { buildAll } from "./build.mjs";
import { startFakeSms } from "./fake-sms.mjs";
import { startFakeStripe } from "./fake-stripe.mjs";
import { loadContent } from "./lib/content-seed.mjs";
import { loadDemoData } from "./lib/demo-data.mjs";
import { startDevServer } from "./lib/dev-server.mjs";
import { applyLocalMigrations, ensureDevVars, ensureLocalAdmin, persistDir } from "./lib/local-env.mjs";

const port = Number(process.env.PORT ?? 8787);
const step = (text) => console.log(`\n▸ ${text}`);

step("Local secrets (.dev.vars)");
const secrets = ensureDevVars();

step("Building the site, the admin bundle and the worker");
// Locally the canonical links point at the local server.
process.env.SITE_URL ??= `http://localhost:${port}`;
await buildAll({ quiet: true });

step("Applying D1 migrations to the local database");
applyLocalMigrations();

step("Loading the studio's content");
await loadContent();

step("Loading demo data");
const counts = loadDemoData();
console.log(`  ${counts.consultations} consultation requests, ${counts.contacts} contact messages`);

step("Local admin login");
const admin = await ensureLocalAdmin(secrets.PASSWORD_PEPPER);

// Deposits offline: with Stripe's API pointed at this machine in .dev.vars (README, "Deposits
// through Stripe"), the local fake answers there and pays sessions on its own page.
const stripeBase = /^http:\/\/(127\.0\.0\.1|localhost):\d+\/?$/.test(secrets.STRIPE_API_BASE ?? "")
  ? new URL(secrets.STRIPE_API_BASE)
  : null;
let stripe = null;
if (stripeBase && secrets.STRIPE_SECRET_KEY && secrets.STRIPE_WEBHOOK_SECRET) {
  step(`Starting the local fake of Stripe's API on ${stripeBase.origin}`);
  stripe = await startFakeStripe({
    port: Number(stripeBase.port),
    host: stripeBase.hostname,
    webhookUrl: `http://localhost:${port}/api/stripe/webhook`,
    webhookSecret: secrets.STRIPE_WEBHOOK_SECRET,
  });
}

// Text reminders offline: with the text provider's API pointed at this machine in .dev.vars
// (README, "Text reminders"), the local fake answers there and prints each text it is sent.
const smsBase = /^http:\/\/(127\.0\.0\.1|localhost):\d+\/?$/.test(secrets.SMS_API_BASE ?? "")
  ? new URL(secrets.SMS_API_BASE)
  : null;
let sms = null;
if (smsBase && secrets.SMS_ACCOUNT_SID && secrets.SMS_AUTH_TOKEN && secrets.SMS_FROM) {
  step(`Starting the local fake of the text provider on ${smsBase.origin}`);
  sms = await startFakeSms({
    port: Number(smsBase.port),
    host: smsBase.hostname,
    accountSid: secrets.SMS_ACCOUNT_SID,
    authToken: secrets.SMS_AUTH_TOKEN,
    from: secrets.SMS_FROM,
    webhookUrl: `http://localhost:${port}/api/sms/inbound`,
  });
}

step("Starting wrangler dev");
const server = await startDevServer({
  port,
  host: "localhost",
  persistTo: persistDir,
  // The worker's structured log lines (submissions, the outbox's .eml paths, cron runs) are
  // what an operator reads locally; wrangler prints a worker's console.log only at "log".
  logLevel: "log",
  inheritOutput: true,
  // The first start on a cold machine compiles more than a test run's restart.
  timeoutMs: 120_000,
  // The links the worker e-mails (a client's status page, the waitlist's) open this server too.
  vars: { SITE_URL: process.env.SITE_URL },
});

console.log(`
  Site:     http://localhost:${port}/
  Admin:    http://localhost:${port}/admin
  E-mail:   ${admin.email}
  Password: ${admin.password}
  (local only: this account exists in .wrangler/state and nowhere else)

  Press Ctrl-C to stop.
`);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  server.stop();
  stripe?.close();
  sms?.close();
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
const code = await server.exited;
process.exit(stopping ? 0 : (code ?? 1));
