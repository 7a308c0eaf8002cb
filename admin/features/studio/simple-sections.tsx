import { useEffect, useState } from "react";
import { ActionButton } from "../../components/action-button";
import { loadWaitlist } from "./api";
import { CheckField, FieldGroup, NumberField, TextField } from "./fields";
import { getAt } from "./paths";
import { useSection } from "./section-context";

const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The weekly hours (a day with no times is "by appointment") and the closures and holidays. */
export function HoursFields() {
  const { data, set } = useSection();
  const closures = (getAt(data, ["closures"]) as unknown[] | undefined) ?? [];
  return (
    <>
      <FieldGroup legend="Weekly hours">
        {weekdays.map((day, i) => {
          const open = getAt(data, ["weekly", i, "opens"]) !== null;
          return (
            <fieldset key={day} className="studio-day">
              <legend>{day}</legend>
              <div className="studio-check">
                <input
                  id={`studio-day-${i}-appointment`}
                  type="checkbox"
                  checked={!open}
                  onChange={(e) => {
                    set(["weekly", i, "opens"], e.target.checked ? null : "10:00");
                    set(["weekly", i, "closes"], e.target.checked ? null : "18:00");
                  }}
                />
                <label htmlFor={`studio-day-${i}-appointment`}>By appointment only</label>
              </div>
              {open ? (
                <div className="studio-row">
                  <TextField path={["weekly", i, "opens"]} label={`${day} opens`} type="time" />
                  <TextField path={["weekly", i, "closes"]} label={`${day} closes`} type="time" />
                </div>
              ) : null}
              <TextField path={["weekly", i, "note"]} label={`${day} note`} />
            </fieldset>
          );
        })}
      </FieldGroup>
      <FieldGroup legend="Closures and holidays">
        {closures.length === 0 ? <p className="admin-muted">No closures planned.</p> : null}
        {closures.map((_, i) => (
          <div key={i} className="studio-row studio-row--card">
            <TextField path={["closures", i, "from"]} label="From" type="date" />
            <TextField path={["closures", i, "to"]} label="To (inclusive)" type="date" />
            <TextField path={["closures", i, "note"]} label="Note for visitors" />
            <ActionButton
              look="ghost"
              onClick={() =>
                set(
                  ["closures"],
                  closures.filter((__, j) => j !== i),
                )
              }
            >
              Remove closure {i + 1}
            </ActionButton>
          </div>
        ))}
        <ActionButton
          look="ghost"
          onClick={() => {
            const today = new Date().toISOString().slice(0, 10);
            set(["closures"], [...closures, { from: today, to: today, note: "Closed" }]);
          }}
        >
          Add a closure
        </ActionButton>
      </FieldGroup>
    </>
  );
}

/** Books open or closed, with the message the booking pages show, and who is waiting. */
export function BookingFields() {
  const [waitlist, setWaitlist] = useState<Awaited<ReturnType<typeof loadWaitlist>>>(null);
  useEffect(() => {
    let live = true;
    void loadWaitlist().then((answer) => live && setWaitlist(answer));
    return () => {
      live = false;
    };
  }, []);
  const waiting = waitlist?.count ?? null;
  return (
    <>
      <CheckField path={["booksOpen"]} label="Books are open for new requests" />
      <TextField path={["message"]} label="Message on the booking pages" optional multiline />
      {waiting === null ? null : (
        <p className="studio-note">
          {waiting === 1 ? "1 person is" : `${waiting} people are`} waiting; reopening tells them once.
        </p>
      )}
      {waitlist?.entries.length ? (
        <details className="studio-waitlist">
          <summary>Who is waiting</summary>
          <ul>
            {waitlist.entries.map((entry) => (
              <li key={entry.email}>
                <strong>{entry.name}</strong> <a href={`mailto:${entry.email}`}>{entry.email}</a>
                <span className="studio-waitlist__meta">
                  {entry.styles.length ? entry.styles.join(", ") : "any style"} · since{" "}
                  {new Date(entry.createdAt).toLocaleDateString()}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

/** The line across the top of every page, between two optional dates, or none. */
export function AnnouncementFields() {
  const { data, set } = useSection();
  if (data === null)
    return (
      <div>
        <p className="admin-muted">No announcement is shown.</p>
        <button type="button" className="button button--ghost" onClick={() => set([], { text: "" })}>
          Write an announcement
        </button>
      </div>
    );
  const hasLink = getAt(data, ["link"]) !== undefined;
  return (
    <>
      <TextField path={["text"]} label="Announcement" />
      <div className="studio-row">
        <TextField path={["startsOn"]} label="Show from (optional)" type="date" optional />
        <TextField path={["endsOn"]} label="Show until (optional)" type="date" optional />
      </div>
      <div className="studio-check">
        <input
          id="studio-announcement-has-link"
          type="checkbox"
          checked={hasLink}
          onChange={(e) => set(["link"], e.target.checked ? { href: "/", label: "" } : undefined)}
        />
        <label htmlFor="studio-announcement-has-link">With a link</label>
      </div>
      {hasLink ? (
        <div className="studio-row">
          <TextField path={["link", "label"]} label="Link text" />
          <TextField path={["link", "href"]} label="Link address" hint="/flash or https://…" />
        </div>
      ) : null}
      <button type="button" className="button button--ghost" onClick={() => set([], null)}>
        Remove the announcement
      </button>
    </>
  );
}

const sizedBands = [
  ["small", "Small"],
  ["medium", "Medium"],
  ["large", "Large"],
] as const;
const bands = [
  ["coverUp", "Cover-up"],
  ["customDesign", "Custom design"],
  ["flash", "Flash"],
] as const;

const styleNames = [
  ["traditional", "Traditional"],
  ["realism", "Realism"],
  ["spiritual", "Spiritual"],
] as const;

/**
 * Services and prices: the size bands, the other services, the minimum charge, and the home
 * page's per-style ranges (a realism piece costs more than a traditional one of the same size).
 */
export function PricesFields() {
  return (
    <>
      {sizedBands.map(([key, name]) => (
        <FieldGroup key={key} legend={name}>
          <div className="studio-row">
            <TextField path={[key, "label"]} label={`${name}: label`} />
            <TextField path={[key, "inches"]} label={`${name}: size`} />
            <TextField path={[key, "range"]} label={`${name}: price range`} />
          </div>
        </FieldGroup>
      ))}
      {bands.map(([key, name]) => (
        <FieldGroup key={key} legend={name}>
          <div className="studio-row">
            <TextField path={[key, "label"]} label={`${name}: label`} />
            <TextField path={[key, "range"]} label={`${name}: price range`} />
          </div>
        </FieldGroup>
      ))}
      <NumberField path={["minimumCharge"]} label="Minimum charge ($)" />
      <FieldGroup legend="Prices by style (home page)">
        {styleNames.map(([key, name]) => (
          <fieldset key={key} className="studio-day">
            <legend>{name}</legend>
            <div className="studio-row">
              {sizedBands.map(([size, sizeName]) => (
                <TextField
                  key={size}
                  path={["styles", key, size]}
                  label={`${name}, ${sizeName.toLowerCase()}`}
                  hint="e.g. $200-400"
                />
              ))}
            </div>
          </fieldset>
        ))}
        <TextField path={["styles", "coverUps", "range"]} label="Cover-ups by style: price range" />
      </FieldGroup>
    </>
  );
}
