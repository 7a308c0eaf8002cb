/** @jsxImportSource hono/jsx */
import { alertDatesMax, dayPartLabels, dayParts } from "../../../shared/schemas/offers";
import { Banner } from "../../platform/banner";
import { addDays, studioDate } from "../../platform/studio-clock";
import { StageCard, StageForm } from "../request-status";
import type { JourneyContext, Section } from "../request-status/journey";
import { acceptedQuoteOf, offerHours, offerModeOf, wishesOfRequest } from "./offers";

/**
 * The status page's "Hear of a sooner time" card (docs/decisions/039-freed-slot-offers.md): once
 * a quote is accepted, the client says when they can come, and a time that a cancellation frees
 * then is offered to them by e-mail. Plain forms, no script; each answers 303 back to this card.
 */

export const slotAlertAnchor = "sooner";

const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** Monday first, as the studio's week reads. */
const weekOrder = [1, 2, 3, 4, 5, 6, 0];

const banners: Record<string, { kind: "success" | "error"; text: string }> = {
  saved: { kind: "success", text: "Saved. We will e-mail you if a time you can make frees up." },
  off: { kind: "success", text: "Done: we will not e-mail you about freed times." },
  invalid: {
    kind: "error",
    text: "Something in that was not right: pick days, parts of the day or real dates.",
  },
};

/** One group of the form's boxes, one per option, ticked where the client ticked it before. */
function Ticks<T extends string | number>(props: {
  legend: string;
  name: string;
  extraClass?: string;
  options: readonly T[];
  labelOf: (option: T) => string;
  ticked: readonly T[] | undefined;
}) {
  return (
    <fieldset class="slot-alert__group">
      <legend>{props.legend}</legend>
      <div class={props.extraClass ? `booking-slots ${props.extraClass}` : "booking-slots"}>
        {props.options.map((option) => (
          <label class="booking-slot">
            <input
              type="checkbox"
              name={props.name}
              value={String(option)}
              checked={props.ticked?.includes(option)}
            />
            {props.labelOf(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export async function slotAlertPart(context: JourneyContext): Promise<Section | null> {
  const { env, request, token, query, now } = context;
  // A request done with, or called off, waits for nothing.
  if (request.status === "completed" || request.status === "cancelled") return null;
  const [quote, mode] = await Promise.all([acceptedQuoteOf(env.DB, request.id), offerModeOf(env.DB)]);
  if (!quote || mode === "off") return null;
  const wishes = await wishesOfRequest(env.DB, request.id);
  const banner = banners[query.get("sooner") ?? ""];
  const today = studioDate(now);
  const dates = [...(wishes?.dates ?? [])];
  while (dates.length < alertDatesMax) dates.push("");
  return (
    <StageCard part="quote-part slot-alert" anchor={slotAlertAnchor} titleId="sooner-title">
      <h2 id="sooner-title">Hear of a sooner time</h2>
      {banner && <Banner kind={banner.kind}>{banner.text}</Banner>}
      <p>
        {wishes
          ? "You are on the list for a sooner time. When a session is cancelled or moved and the time suits what you ticked, we e-mail you a private link to take it."
          : "When another client cancels or moves a session, we can offer you the time. Tell us when you can come; nothing ticked means any time."}{" "}
        It is for your quoted session. The first to take a time has it; a link works for {offerHours} hours at
        most.
      </p>
      <StageForm
        action={`/requests/${token}/sooner`}
        label={wishes ? "Save my times" : "Tell me if a time frees up"}
      >
        <Ticks
          legend="Days I can come"
          name="weekday"
          options={weekOrder}
          labelOf={(day) => weekdays[day] ?? ""}
          ticked={wishes?.weekdays}
        />
        <Ticks
          legend="Times of day"
          name="part"
          extraClass="slot-alert__parts"
          options={dayParts}
          labelOf={(part) => dayPartLabels[part]}
          ticked={wishes?.dayParts}
        />
        <fieldset class="slot-alert__group">
          <legend>Or particular dates</legend>
          <div class="slot-alert__dates">
            {dates.map((date, i) => (
              <div class="quote-part__field">
                <label for={`sooner-date-${i}`}>Date {i + 1}</label>
                <input
                  id={`sooner-date-${i}`}
                  type="date"
                  name="date"
                  value={date}
                  min={today}
                  max={addDays(today, 120)}
                />
              </div>
            ))}
          </div>
        </fieldset>
      </StageForm>
      {wishes && <StageForm action={`/requests/${token}/sooner/off`} label="Stop telling me" kind="ghost" />}
    </StageCard>
  );
}
