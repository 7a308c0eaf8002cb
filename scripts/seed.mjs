// npm run db:seed:local: applies migrations and loads the studio's content and the demo inbox into
// the local D1 database.

import { loadContent } from "./lib/content-seed.mjs";
import { loadDemoData } from "./lib/demo-data.mjs";
import { applyLocalMigrations } from "./lib/local-env.mjs";

applyLocalMigrations();
const content = await loadContent();
console.log(
  `studio content present: ${content.sections} sections (published as version 1 if nothing was yet)`,
);
const counts = loadDemoData();
console.log(
  `demo data present: ${counts.consultations} consultation requests, ${counts.contacts} contact messages`,
);
