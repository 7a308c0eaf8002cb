import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { startDevServer } from "../../scripts/lib/dev-server.mjs";

describe("the local server's launcher", () => {
  // A wrangler dev left running by an aborted run once answered a test's health check, and the
  // test then talked to the old build and its old state.
  it("refuses a port that something already answers on, instead of talking to it", async () => {
    const squatter = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => squatter.listen(0, "127.0.0.1", resolve));
    const address = squatter.address();
    if (address === null || typeof address === "string") throw new Error("No port");
    try {
      await expect(
        startDevServer({ port: address.port, persistTo: ".wrangler/unused-state" }),
      ).rejects.toThrow(`Something already answers on 127.0.0.1:${address.port}`);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
