// npm run db:seed:local: applies migrations and loads the demo inbox into the local D1 database.

import { loadDemoData } from "./lib/demo-data.mjs";
import { applyLocalMigrations } from "./lib/local-env.mjs";

applyLocalMigrations();
const counts = loadDemoData();
console.log(
  `demo data present: ${counts.consultations} consultation requests, ${counts.contacts} contact messages`,
);
