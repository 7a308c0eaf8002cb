// npm run docs:lifecycle: writes docs/request-lifecycle.md from shared/request-lifecycle.ts, the
// one description of a request's states and transitions. The worker tests fail while the two
// differ, so the diagram a maintainer reads is the code's.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { lifecycleDocument } from "../shared/request-lifecycle.ts";

const file = new URL("../docs/request-lifecycle.md", import.meta.url);
writeFileSync(file, lifecycleDocument());
// The house formatter pads the table; the tests compare the two with spacing folded.
spawnSync("npx", ["--no-install", "biome", "format", "--write", file.pathname], { stdio: "ignore" });
console.log("docs/request-lifecycle.md written");
