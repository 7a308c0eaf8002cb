/** @jsxImportSource hono/jsx */
import { Hono } from "hono";
import { clientAddress } from "../../platform/visitor";
import type { AppEnv } from "../../types";
import { depositOutcomes, depositReturnTarget, takeReturn } from "../quotes-and-deposits/deposit-return";
import { PrivateHero } from "./pages";
import { privatePage } from "./private-page";
import { lookupStatusPage } from "./service";

/**
 * GET /deposit-return?outcome=paid|cancelled|card-saved|card-cancelled, where Stripe's page sends the client back:
 * to the request's page with the outcome when this browser started the payment (it kept the
 * link); otherwise a page that says where to look. The payment itself is confirmed by Stripe's
 * webhook and the e-mail, never by this address.
 */
export const depositReturn = new Hono<AppEnv>().get("/", async (c) => {
  const outcome = depositOutcomes.find((known) => known === c.req.query("outcome")) ?? "cancelled";
  const card = outcome === "card-saved" || outcome === "card-cancelled";
  const token = takeReturn(c);
  if (token) {
    const found = await lookupStatusPage(c.env, { token, address: clientAddress(c.req), now: new Date() });
    if (found.found) {
      c.header("Cache-Control", "no-store");
      c.header("Referrer-Policy", "no-referrer");
      return c.redirect(depositReturnTarget(token, outcome), 303);
    }
  }
  return privatePage(c, {
    status: 200,
    title: "Back from the payment page",
    main: ({ studio, telHref }) => (
      <div class="page page--not-found">
        <PrivateHero
          eyebrow={card ? "Card on file" : "Deposit"}
          title={
            outcome === "paid" || outcome === "card-saved"
              ? "Thank you"
              : card
                ? "No card was saved"
                : "No payment was made"
          }
        >
          <p>
            {
              {
                paid: "Once Stripe confirms your payment, your request's page shows it and we e-mail you.",
                cancelled: "You left the payment page before paying; nothing was charged.",
                "card-saved":
                  "Once Stripe confirms your card, your request's page shows it, and you can book a time.",
                "card-cancelled":
                  "You left Stripe's page before saving a card; nothing was saved or charged.",
              }[outcome]
            }{" "}
            To see your request, open the link in the e-mail we sent you when you asked for your consultation.
          </p>
          <p>
            Lost it? Call the studio at <a href={telHref}>{studio.phone.display}</a> and we will send it
            again.
          </p>
        </PrivateHero>
      </div>
    ),
  });
});
