// A local fake service's web API as a Node HTTP server on loopback: each incoming call becomes a
// fetch Request for the fake's handler, and its Response goes back out. The fakes are written
// against Request/Response so the same code also answers inside workerd during the worker tests.
import { createServer } from "node:http";

/**
 * @param {{ port?: number, host?: string, handle: (request: Request) => Promise<Response> }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function serveOnLoopback({ port = 0, host = "127.0.0.1", handle }) {
  const server = createServer(async (incoming, outgoing) => {
    try {
      const chunks = [];
      for await (const chunk of incoming) chunks.push(chunk);
      const body = Buffer.concat(chunks);
      const request = new Request(new URL(incoming.url ?? "/", `http://${incoming.headers.host ?? host}`), {
        method: incoming.method,
        headers: Object.entries(incoming.headers).flatMap(([name, value]) =>
          value === undefined ? [] : [[name, Array.isArray(value) ? value.join(", ") : value]],
        ),
        body: incoming.method === "GET" || incoming.method === "HEAD" ? undefined : body,
      });
      const response = await handle(request);
      // Every answer closes its connection, so a stopped fake leaves no kept-alive socket behind.
      outgoing.writeHead(response.status, { ...Object.fromEntries(response.headers), Connection: "close" });
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      outgoing.writeHead(500, { "Content-Type": "text/plain", Connection: "close" });
      outgoing.end(String(error));
    }
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    url: `http://${host}:${typeof address === "object" && address ? address.port : port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
