import { formatUsd } from "../../../shared/money";
import { cardUrl } from "../../platform/admin-links";
import { delivererOf, dropMail, mailKind } from "../../platform/mail-queue";
import { firstNameOf } from "../../platform/push";
import { studioTime } from "../../platform/studio-clock";
import { paidDepositSubject } from "./queries";

type PaidDeposit = NonNullable<Awaited<ReturnType<typeof paidDepositSubject>>>;

/**
 * The artist's e-mails about a card payment: a deposit paid (who, how much, when, and the
 * request's card, so she can offer times without watching Stripe), or money that arrived for a
 * payment page that no longer counts (a replaced quote, a second payment), to refund. One each
 * per deposit.
 */
const depositMail = mailKind<PaidDeposit>({
  name: "deposit",
  audience: "artist",
  async load(env, mail) {
    const deposit = await paidDepositSubject(env.DB, mail.subjectId);
    return deposit ?? dropMail("failed", "the deposit or its request no longer exists");
  },
  async render(_env, deposit, mail, settings) {
    const card = cardUrl(settings.siteUrl, deposit.submissionId);
    if (mail.topic === "artist-unapplied") {
      return {
        subject: `Payment not applied: ${formatUsd(deposit.amountCents)} from ${deposit.name}`,
        replyTo: deposit.email,
        text: [
          `${deposit.name} paid ${formatUsd(deposit.amountCents)} on a payment page for a quote that was since replaced`,
          "(or on a request since closed), or after a deposit was already recorded. It was not applied to the request.",
          "Refund it from the payment in your Stripe dashboard, or tell the client how it will be used.",
          "",
          `The request: ${card}`,
        ].join("\n"),
      };
    }
    return {
      subject: `Deposit paid: ${formatUsd(deposit.amountCents)} from ${deposit.name}`,
      replyTo: deposit.email,
      text: [
        `${deposit.name} paid the ${formatUsd(deposit.amountCents)} deposit by card on ${studioTime(deposit.paidAt ?? mail.createdAt)}.`,
        "They can now book a time on their request's page.",
        "",
        `The request: ${card}`,
      ].join("\n"),
    };
  },
  push(deposit, mail, settings) {
    if (mail.topic === "artist-unapplied") return null;
    return {
      topic: "deposit-paid",
      title: `Deposit paid: ${formatUsd(deposit.amountCents)}`,
      body: `${firstNameOf(deposit.name)} paid the deposit by card and can book a time now.`,
      url: cardUrl(settings.siteUrl, deposit.submissionId),
      tag: `deposit-${deposit.id}`,
    };
  },
});

/** Sends the due deposit e-mails: after the webhook's answer, and from the cron. */
export const deliverDepositMail = delivererOf(depositMail);
