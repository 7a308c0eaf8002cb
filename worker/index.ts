import app from "./app";
import { scheduled } from "./scheduled";

export default {
  fetch: app.fetch,
  scheduled,
} satisfies ExportedHandler<Env>;
