// The local fake of Stripe's API (scripts/lib/fake-stripe.mjs) as an HTTP server on loopback:
// the browser tests start it in-process, and `node scripts/fake-stripe.mjs` runs it beside
// `npm start` for an offline walk through the deposit (README, "Deposits through Stripe").
//
//   FAKE_STRIPE_PORT (default 12111), WEBHOOK_URL (default http://localhost:8787/api/stripe/webhook),
//   STRIPE_WEBHOOK_SECRET (default whsec_local_fake: the same value in .dev.vars).
import { pathToFileURL } from "node:url";
import { createFakeStripe } from "./lib/fake-stripe.mjs";
import { serveOnLoopback } from "./lib/loopback-server.mjs";

/**
 * @param {{ port?: number, host?: string, webhookUrl: string, webhookSecret: string }} options
 * @returns {Promise<{ url: string, fake: ReturnType<typeof createFakeStripe>, close: () => Promise<void> }>}
 */
export async function startFakeStripe({ port = 0, host = "127.0.0.1", webhookUrl, webhookSecret }) {
  /** @type {ReturnType<typeof createFakeStripe>} */
  let fake;
  // The fake names its own address in the checkout links it hands out, so it is made once the port is known.
  const { url, close } = await serveOnLoopback({ port, host, handle: (request) => fake.handle(request) });
  fake = createFakeStripe({ publicUrl: url, webhookUrl, webhookSecret });
  return { url, fake, close };
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
