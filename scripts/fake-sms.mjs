// The local fake of Twilio's messaging API (scripts/lib/fake-sms.mjs) as an HTTP server on
// loopback, for an offline walk through text reminders beside `npm start` (README, "Text
// reminders"). Each text the worker sends is printed here, codes included. The phone's side:
//   curl -X POST 'http://127.0.0.1:12112/phone' --data-urlencode 'From=+13015550123' --data-urlencode 'Body=STOP'
// sends that text to the site's webhook, signed as Twilio signs it; GET /sent lists what it sent.
//
//   FAKE_SMS_PORT (default 12112), WEBHOOK_URL (default http://localhost:8787/api/sms/inbound),
//   SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM (the same values as in .dev.vars).
import { pathToFileURL } from "node:url";
import { createFakeSms } from "./lib/fake-sms.mjs";
import { serveOnLoopback } from "./lib/loopback-server.mjs";

/**
 * @param {{ port?: number, host?: string, quiet?: boolean, accountSid: string, authToken: string, from: string, webhookUrl: string }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startFakeSms({ port = 0, host = "127.0.0.1", quiet = false, ...account }) {
  const fake = createFakeSms(account);
  return serveOnLoopback({
    port,
    host,
    handle: async (request) => {
      const { pathname } = new URL(request.url);
      // What the phones received, for a browser test in another process than this fake.
      if (pathname === "/sent" && request.method === "GET") return Response.json(fake.sent);
      if (pathname === "/phone" && request.method === "POST") {
        const form = new URLSearchParams(await request.text());
        const answer = await fake.inbound(form.get("From") ?? "", form.get("Body") ?? "");
        return new Response(`${answer.status} ${answer.body}\n`, { status: 200 });
      }
      const before = fake.sent.length;
      const response = await fake.handle(request);
      if (!quiet)
        for (const text of fake.sent.slice(before)) console.log(`  text to ${text.to}: ${text.body}`);
      return response;
    },
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { url } = await startFakeSms({
    port: Number(process.env.FAKE_SMS_PORT ?? 12112),
    accountSid: process.env.SMS_ACCOUNT_SID ?? "AC_local_fake",
    authToken: process.env.SMS_AUTH_TOKEN ?? "sms_local_fake",
    from: process.env.SMS_FROM ?? "+13015550100",
    webhookUrl: process.env.WEBHOOK_URL ?? "http://localhost:8787/api/sms/inbound",
  });
  console.log(`Fake SMS provider on ${url} (SMS_API_BASE=${url}); Ctrl-C stops it.`);
}
