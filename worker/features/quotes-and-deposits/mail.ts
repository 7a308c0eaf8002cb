import { formatUsd } from "../../../shared/money";
import {
  type DeliveryOptions,
  deliverMail,
  dropMail,
  type MailTally,
  mailKind,
} from "../../platform/mail-queue";
import { studioTime } from "../../platform/studio-clock";
import { paidDepositSubject } from "./queries";

type PaidDeposit = NonNullable<Awaited<ReturnType<typeof paidDepositSubject>>>;

/**
 * The artist's e-mail when a client pays the deposit by card: who, how much, when, and the
 * request's card, so she can offer times without watching Stripe. One per deposit.
 */
const depositMail = mailKind<PaidDeposit>({
  name: "deposit",
  audience: "artist",
  async load(env, mail) {
    const deposit = await paidDepositSubject(env.DB, mail.subjectId);
    return deposit ?? dropMail("failed", "the deposit or its request no longer exists");
  },
  async render(_env, deposit, _mail, settings) {
    const card = new URL(
      `/admin/consultations?open=${encodeURIComponent(deposit.submissionId)}`,
      settings.siteUrl,
    ).toString();
    return {
      subject: `Deposit paid: ${formatUsd(deposit.amountCents)} from ${deposit.name}`,
      replyTo: deposit.email,
      text: [
        `${deposit.name} paid the ${formatUsd(deposit.amountCents)} deposit by card on ${studioTime(deposit.paidAt)}.`,
        "They can now book a time on their request's page.",
        "",
        `The request: ${card}`,
      ].join("\n"),
    };
  },
});

/** Sends the due deposit e-mails: after the webhook's answer, and from the cron. */
export function deliverDepositMail(env: Env, options: DeliveryOptions = {}): Promise<MailTally> {
  return deliverMail(env, [depositMail], options);
}
