// npm start: build everything, prepare the local database, print the local admin login and
// serve the site through workerd on http://localhost:8787, offline. Ctrl-C stops it.
import { spawn } from "node:child_process";
import { buildAll } from "./build.mjs";
import { workerOutDir } from "./lib/config.mjs";
import { loadDemoData } from "./lib/demo-data.mjs";
import {
  applyLocalMigrations,
  ensureDevVars,
  ensureLocalAdmin,
  persistDir,
  quietEnv,
} from "./lib/local-env.mjs";

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

step("Loading demo data");
const counts = loadDemoData();
console.log(`  ${counts.consultations} consultation requests, ${counts.contacts} contact messages`);

step("Local admin login");
const admin = await ensureLocalAdmin(secrets.PASSWORD_PEPPER);

const server = spawn(
  "npx",
  [
    "--no-install",
    "wrangler",
    "dev",
    "--config",
    `${workerOutDir()}/wrangler.json`,
    "--port",
    String(port),
    "--ip",
    "localhost",
    "--persist-to",
    persistDir,
    "--show-interactive-dev-session=false",
    // The worker's structured log lines (submissions, the outbox's .eml paths, cron runs) are
    // what an operator reads locally; wrangler prints a worker's console.log only at "log".
    "--log-level",
    "log",
  ],
  { env: quietEnv, stdio: ["ignore", "inherit", "inherit"], detached: true },
);

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
  // wrangler starts workerd as a child: end the whole process group so the port is freed.
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code, signal) => {
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
