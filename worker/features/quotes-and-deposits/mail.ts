import { formatUsd } from "../../../shared/money";
import { studio as seedStudio } from "../../../shared/studio";
import { cardUrl } from "../../platform/admin-links";
import { clientSignature, type Notification } from "../../platform/mail";
import { delivererOf, dropMail, mailKind } from "../../platform/mail-queue";
import { firstNameOf } from "../../platform/push";
import { dayIn, studioTime } from "../../platform/studio-clock";
import { publishedFacts } from "../content/facts";
import { feeReceiptMail, feeReceiptSubject } from "./card-queries";
import { paidDepositSubject } from "./queries";

type PaidDeposit = NonNullable<Awaited<ReturnType<typeof paidDepositSubject>>>;
type ChargedFee = NonNullable<Awaited<ReturnType<typeof feeReceiptSubject>>>;
type CardMoney = { deposit: PaidDeposit; fee?: never } | { fee: ChargedFee; deposit?: never };

const feeKindWords = {
  "no-show": "missed session (no-show)",
  "late-cancellation": "late cancellation",
} as const;

/**
 * The client's receipt for a no-show or late-cancellation fee charged to their card on file: what
 * was charged, for which session, to which card (brand and last four), and the policy it follows.
 */
async function feeReceipt(env: Env, fee: ChargedFee, settings: { to: string }): Promise<Notification> {
  const facts = await publishedFacts(env);
  const card =
    fee.brand && fee.last4 ? `your ${fee.brand.toUpperCase()} card ending ${fee.last4}` : "your card on file";
  return {
    to: fee.email,
    replyTo: settings.to,
    fromName: facts.studio.name,
    subject: `Receipt: ${formatUsd(fee.amountCents)} ${fee.kind === "no-show" ? "no-show" : "late-cancellation"} fee`,
    text: [
      `Hi ${fee.name},`,
      "",
      `As the studio's booking policy says, ${card} was charged ${formatUsd(fee.amountCents)} for the ${feeKindWords[fee.kind]} of your session of ${dayIn(fee.startsAt, seedStudio.timeZone)}.`,
      "",
      `Charged on ${studioTime(fee.chargedAt ?? new Date().toISOString())}. Payment reference: ${fee.paymentIntentId ?? "(none)"}.`,
      "",
      ...(facts.cardOnFilePolicy ? [`The policy: ${facts.cardOnFilePolicy}`, ""] : []),
      "If you think this is a mistake, reply to this e-mail or call the studio.",
      "",
      ...clientSignature(facts.studio),
    ].join("\n"),
  };
}

/**
 * The artist's e-mails about a card payment: a deposit paid (who, how much, when, and the
 * request's card, so she can offer times without watching Stripe), or money that arrived for a
 * payment page that no longer counts (a replaced quote, a second payment), to refund. One each
 * per deposit. And the client's receipt for a fee charged to their card on file, once per fee.
 */
const depositMail = mailKind<CardMoney>({
  name: feeReceiptMail.kind,
  audience: (_loaded, mail) => (mail.topic === feeReceiptMail.topic ? "visitor" : "artist"),
  async load(env, mail) {
    if (mail.topic === feeReceiptMail.topic) {
      const fee = await feeReceiptSubject(env.DB, mail.subjectId);
      if (fee?.status !== "charged") return dropMail("failed", "the fee or its request no longer exists");
      return { fee };
    }
    const deposit = await paidDepositSubject(env.DB, mail.subjectId);
    return deposit ? { deposit } : dropMail("failed", "the deposit or its request no longer exists");
  },
  async render(env, money, mail, settings) {
    if (money.fee) return feeReceipt(env, money.fee, settings);
    const { deposit } = money;
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
  push(money, mail, settings) {
    const { deposit } = money;
    if (!deposit || mail.topic === "artist-unapplied") return null;
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
