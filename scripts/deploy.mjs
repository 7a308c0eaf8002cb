// npm run deploy: build the production environment, apply D1 migrations to the remote
// databases (submissions and measurements), then deploy the worker and its assets with the configuration the build wrote.
import { buildAll } from "./build.mjs";
import { workerOutDir } from "./lib/config.mjs";
import { loadContent } from "./lib/content-seed.mjs";
import { wrangler } from "./lib/local-env.mjs";

// The Cloudflare Vite plugin builds [env.production] (with the AI binding) when this is set.
process.env.CLOUDFLARE_ENV = "production";
await buildAll();
wrangler(["d1", "migrations", "apply", "DB", "--remote", "--env", "production"]);
wrangler(["d1", "migrations", "apply", "METRICS_DB", "--remote", "--env", "production"]);
// The first deployment with the content tables gets version 1; later ones change nothing there.
await loadContent({ remote: true });
wrangler(["deploy", "--config", `${workerOutDir()}/wrangler.json`]);
