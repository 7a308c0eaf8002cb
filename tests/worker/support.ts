import { exports } from "cloudflare:workers";

/** Sends a request through the worker's own fetch handler, as the edge would. */
export function call(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, "https://studio.test"), init));
}
