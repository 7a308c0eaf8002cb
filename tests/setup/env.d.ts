import type { D1Migration } from "@cloudflare/vitest-plugin";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      TEST_METRICS_MIGRATIONS: D1Migration[];
      RESTORE_DB: D1Database;
    }
  }
}
