import { studio } from "../../../shared/studio";
import { Banner } from "../../platform/banner";
import { sessionOf } from "../booking";
import { StageCard, StageForm } from "../request-status";
import type { JourneyContext, Section } from "../request-status/journey";
import { codeMinutes, textStateOf, textsConfigured } from "./service";
import { textSettingsOf } from "./settings";

/**
 * The status page's text reminders, under a booked session: the client gives a mobile number,
 * types the code texted to it, and from then on gets the studio's reminders by text instead of
 * e-mail. Plain forms, no script; each answers 303 back to this card with a one-shot banner.
 */

export const textsAnchor = "texts";

/** "2 days before your session and again 2 hours before": each reminder its own time, never a sum. */
const hoursWords = (hours: readonly number[]) => {
  const [first = "", ...rest] = hours.map((h) =>
    h % 24 === 0 && h >= 48 ? `${h / 24} days` : h === 1 ? "1 hour" : `${h} hours`,
  );
  return [`${first} before your session`, ...rest.map((each) => `again ${each} before`)].join(" and ");
};

const banners: Record<string, { kind: "success" | "error"; text: string }> = {
  "code-sent": {
    kind: "success",
    text: `We texted you a 6-digit code. It works for ${codeMinutes} minutes.`,
  },
  on: { kind: "success", text: "Text reminders are on. Reminders no longer come by e-mail." },
  off: { kind: "success", text: "Text reminders are off. Reminders come by e-mail again." },
  "bad-number": { kind: "error", text: "That does not look like a mobile number. Try e.g. (301) 555-0123." },
  failed: {
    kind: "error",
    text: "We could not text that number. Check it is a mobile number, or keep e-mail reminders.",
  },
  limited: { kind: "error", text: "Too many codes in the last hour. Please try again later." },
  wrong: { kind: "error", text: "That code is not right. Check the text and try again." },
  expired: { kind: "error", text: "That code has expired or had too many tries. Ask for a new one below." },
};

function PhoneForm({ token, label }: { token: string; label: string }) {
  return (
    <StageForm action={`/requests/${token}/texts`} label={label}>
      <div class="quote-part__field">
        <label for="texts-phone">Mobile number</label>
        <input
          id="texts-phone"
          name="phone"
          type="tel"
          autocomplete="tel"
          inputmode="tel"
          required
          maxlength={30}
        />
      </div>
    </StageForm>
  );
}

export async function textsPart(context: JourneyContext): Promise<Section | null> {
  const { env, request, token, query } = context;
  if (!textsConfigured(env)) return null;
  const session = await sessionOf(env.DB, request.id);
  if (session?.status !== "booked") return null;
  const [state, settings] = await Promise.all([textStateOf(env, request.id), textSettingsOf(env.DB)]);
  const banner = banners[query.get("texts") ?? ""];
  const when = hoursWords(settings.reminderHours);
  return (
    <StageCard part="quote-part texts-part" anchor={textsAnchor} titleId="texts-title">
      <h2 id="texts-title">Text reminders</h2>
      {banner && <Banner kind={banner.kind}>{banner.text}</Banner>}
      {state?.status === "on" ? (
        <>
          <p>
            Reminders go by text to the number ending {state.last4}, {when}. Reply STOP to any of them to end
            texts, HELP for help.
          </p>
          <StageForm action={`/requests/${token}/texts/off`} label="Turn text reminders off" kind="ghost" />
        </>
      ) : state?.status === "pending" ? (
        <>
          <p>We texted a code to the number ending {state.last4}. Type it here to turn text reminders on.</p>
          <StageForm action={`/requests/${token}/texts/confirm`} label="Turn text reminders on">
            <div class="quote-part__field">
              <label for="texts-code">Code from the text</label>
              <input
                id="texts-code"
                name="code"
                type="text"
                inputmode="numeric"
                autocomplete="one-time-code"
                pattern="[0-9]{6}"
                maxlength={6}
                required
              />
            </div>
          </StageForm>
          <h3>Another number, or a new code</h3>
          <PhoneForm token={token} label="Text me a new code" />
        </>
      ) : (
        <>
          <p>
            {state?.offReason === "stop"
              ? "You replied STOP, so we send you no texts. To have them again, confirm your number below or reply START."
              : state?.offReason === "undeliverable"
                ? `Our last text to the number ending ${state.last4} could not be delivered, so reminders go by e-mail.`
                : `Reminders of your session come by e-mail. Would you rather have a text, ${when}? We text nothing else.`}
          </p>
          <p class="quote-part__hint">
            We text a code to confirm the number. Message and data rates may apply. Reply STOP to end texts at
            any time, HELP for help, or call {studio.phone.display}.
          </p>
          <PhoneForm token={token} label="Text me a code" />
        </>
      )}
    </StageCard>
  );
}
