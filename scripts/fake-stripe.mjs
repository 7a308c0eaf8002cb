// The local fake of Stripe's API (scripts/lib/fake-stripe.mjs) as an HTTP server on loopback:
// the browser tests start it in-process, and `node scripts/fake-stripe.mjs` runs it beside
// `npm start` for an offline walk through the deposit (README, "Deposits through Stripe").
//
//   FAKE_STRIPE_PORT (default 12111), WEBHOOK_URL (default http://localhost:8787/api/stripe/webhook),
//   STRIPE_WEBHOOK_SECRET (default whsec_local_fake: the same value in .dev.vars).
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { createFakeStripe } from "./lib/fake-stripe.mjs";

/**
 * @param {{ port?: number, host?: string, webhookUrl: string, webhookSecret: string }} options
 * @returns {Promise<{ url: string, fake: ReturnType<typeof createFakeStripe>, close: () => Promise<void> }>}
 */
export async function startFakeStripe({ port = 0, host = "127.0.0.1", webhookUrl, webhookSecret }) {
  let fake;
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
      const response = await fake.handle(request);
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
  const url = `http://${host}:${typeof address === "object" && address ? address.port : port}`;
  fake = createFakeStripe({ publicUrl: url, webhookUrl, webhookSecret });
  return {
    url,
    fake,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const port = Number(process.env.FAKE_STRIPE_PORT ?? 12111);
  const { url } = await startFakeStripe({
    port,
    webhookUrl: process.env.WEBHOOK_URL ?? "http://localhost:8787/api/stripe/webhook",
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? "whsec_local_fake",
  });
  console.log(`Fake Stripe on ${url} (STRIPE_API_BASE=${url}); Ctrl-C stops it.`);
}
