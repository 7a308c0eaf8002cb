/** @jsxImportSource hono/jsx */

import { Banner } from "../../platform/banner";
import { studioTime } from "../../platform/studio-clock";
import { StageCard } from "../request-status";
import type { JourneyContext, Section } from "../request-status/journey";
import {
  aftercareOn,
  choicesOf,
  lastReminderDay,
  latestCompletedBooking,
  reminderDays,
  reviewLinkOf,
} from "./service";

/**
 * The status page after a completed session: the client's aftercare companion for that tattoo
 * (docs/decisions/020-quote-to-healed.md, "Aftercare"). Which day of healing it is, that day's
 * checklist and what is normal from the aftercare guide, when to call, and two choices the client
 * can change at any time: the reminder e-mails, and the healed photo in the portfolio.
 */

/** The page's anchor for this section, where its forms bring the client back. */
export const aftercareAnchor = "aftercare";

/** The one-shot confirmations after a choice is saved (`?aftercare=`). */
const reminderDaysText = reminderDays.join(", ").replace(/, (\d+)$/, " and $1");

const saved: Record<string, string> = {
  "reminders-on": `Done: we will e-mail you on days ${reminderDaysText} of healing.`,
  "reminders-off": "Done: no more aftercare e-mails.",
  "portfolio-on": "Thank you: the artist may show your healed tattoo in the portfolio.",
  "portfolio-off": "Done: your permission is withdrawn.",
};

function ChoiceButton({ value, label, primary }: { value: "on" | "off"; label: string; primary: boolean }) {
  return (
    <button
      class={`button ${primary ? "button--primary" : "button--ghost"}`}
      type="submit"
      name="choice"
      value={value}
    >
      {label}
    </button>
  );
}

export async function aftercarePart({
  env,
  request,
  token,
  now,
  query,
  facts,
}: JourneyContext): Promise<Section | null> {
  const { studio, telHref } = facts;
  const booking = await latestCompletedBooking(env.DB, request.id);
  if (!booking) return null;
  const [today, choices] = await Promise.all([
    aftercareOn(env, booking.completedAt, now),
    choicesOf(env.DB, request.id),
  ]);
  const banner = saved[query.get("aftercare") ?? ""];
  const reminders = choices?.remindersSince;
  const allowed = choices?.portfolioAllowedAt;
  const base = `/requests/${token}/aftercare`;
  const dayLabel = today.day === 0 ? "Day 0: your session was today" : `Day ${today.day} of healing`;
  const late = today.day >= lastReminderDay;
  return (
    <StageCard part="aftercare" anchor={aftercareAnchor} titleId="aftercare-title">
      <p class="aftercare__eyebrow">Your aftercare</p>
      <h2 id="aftercare-title">{dayLabel}</h2>
      {banner && <Banner kind="success">{banner}</Banner>}
      <p class="aftercare__since">Session completed {studioTime(booking.completedAt)}.</p>
      <div class="aftercare__stage">
        <p class="aftercare__stage-name">
          {today.stage.name} <span>{today.stage.days}</span>
        </p>
        <p>
          <strong>What is normal now:</strong> {today.stage.text}
        </p>
      </div>
      <h3>Today's checklist</h3>
      <ul class="aftercare__checklist">
        {today.checklist.map((item) => (
          <li>{item}</li>
        ))}
      </ul>
      <h3>When to call</h3>
      <p>
        {today.whenToCall} Call the studio at <a href={telHref}>{studio.phone.display}</a>; for a medical
        emergency call 911. The whole <a href="/aftercare">aftercare guide</a> is on the site.
      </p>
      {late && (
        <>
          <h3>Show us how it healed</h3>
          <p>
            Send a photo of your healed tattoo, in daylight, as an answer in the messages below: the artist
            would love to see it.
          </p>
          <h3>Tell others how it went</h3>
          <p>
            Whatever your experience, a few honest words help the studio and anyone choosing an artist.{" "}
            <a href={reviewLinkOf(env, studio)} rel="noopener" target="_blank">
              Write a review on Google<span class="visually-hidden"> (opens in a new tab)</span>
            </a>
            .
          </p>
        </>
      )}
      <h3>Reminders by e-mail</h3>
      <form class="aftercare__choice" method="post" action={`${base}/reminders`}>
        <p>
          {reminders
            ? `You get an e-mail on days ${reminderDaysText} of healing, with that day's checklist (since ${studioTime(reminders)}).`
            : `E-mail me aftercare reminders on days ${reminderDaysText} of healing, with that day's checklist. Stop them here at any time.`}
        </p>
        {reminders ? (
          <ChoiceButton value="off" label="Stop the reminders" primary={false} />
        ) : (
          <ChoiceButton value="on" label="E-mail me aftercare reminders" primary />
        )}
      </form>
      <h3>Your healed tattoo in the portfolio</h3>
      <form class="aftercare__choice" method="post" action={`${base}/portfolio`}>
        <p>
          {allowed
            ? `You allowed the artist to show your healed tattoo in the portfolio (${studioTime(allowed)}). You can withdraw it at any time: the photo is then never added, and the artist is told to take down one already shown.`
            : "If you send a photo of your healed tattoo, may the artist show it in the studio's portfolio? Your name is never shown with it, and you can withdraw this at any time."}
        </p>
        {allowed ? (
          <ChoiceButton value="off" label="Withdraw my permission" primary={false} />
        ) : (
          <ChoiceButton value="on" label="You may show my healed tattoo in the portfolio" primary />
        )}
      </form>
    </StageCard>
  );
}
