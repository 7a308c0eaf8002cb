import { hc } from "hono/client";
import type { AppType } from "../../worker/app";

/**
 * The public site's one way to the worker: Hono's typed client over the worker's route tree, so
 * every input and answer type comes from the routes themselves and a changed route breaks the
 * site's typecheck. Same origin, so the base is the site's root. The type import is erased by
 * the bundler: only the small client runtime ships, and only in chunks that call the API.
 */
export const api = hc<AppType>("/").api;
