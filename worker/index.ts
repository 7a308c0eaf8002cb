import app from "./app";
import { scheduled } from "./services/scheduled";

export default {
  fetch: app.fetch,
  scheduled,
} satisfies ExportedHandler<Env>;
