// npm run deploy: build, apply D1 migrations to the remote database, then deploy the worker
// and its assets with the configuration the build wrote.
import { buildAll } from "./build.mjs";
import { workerOutDir } from "./lib/config.mjs";
import { wrangler } from "./lib/local-env.mjs";

await buildAll();
wrangler(["d1", "migrations", "apply", "DB", "--remote"]);
wrangler(["deploy", "--config", `${workerOutDir()}/wrangler.json`]);
