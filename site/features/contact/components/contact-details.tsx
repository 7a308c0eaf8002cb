import { BookOrCallButtons } from "../../../components/call-button";
import { useFacts } from "../../../content/content-context";

/** "12:00" -> "12:00 PM" */
function clock(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** Phone, text, e-mail, location and social profile: every way to reach the studio. */
export function ContactDetails() {
  const { addressLine, mailtoHref, smsHref, studio, telHref } = useFacts();
  return (
    <section className="contact-details" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title">Reach the studio</h2>
      <dl className="contact-details__list">
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={telHref}>{studio.phone.display}</a>
          </dd>
        </div>
        <div>
          <dt>Text message</dt>
          <dd>
            <a href={smsHref}>Text {studio.phone.display}</a>
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={mailtoHref}>{studio.email}</a>
          </dd>
        </div>
        <div>
          <dt>Studio</dt>
          <dd>
            <address>{addressLine}</address>
            <span className="contact-details__note">Serving {studio.serviceArea.label}.</span>
          </dd>
        </div>
        <div>
          <dt>Instagram</dt>
          <dd>
            <a href={studio.social.instagram} rel="noopener noreferrer">
              {studio.social.instagramHandle}
            </a>
          </dd>
        </div>
      </dl>
      <p className="contact-details__note">
        We reply within {studio.claims.replyWithin}. Clients must be {studio.claims.minimumAge}+ with
        government ID.
      </p>
    </section>
  );
}

/**
 * The weekly availability table, read from the studio facts so it always matches the hours. Two
 * columns, the day and its hours with how to visit under them, so no word has to break on a
 * phone or in the page's side column.
 */
export function AvailabilityTable() {
  const { openingHours } = useFacts();
  return (
    <section className="availability" aria-labelledby="availability-title">
      <h2 id="availability-title">Weekly availability</h2>
      <table className="availability__table">
        <caption className="visually-hidden">Studio hours by day of the week</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Hours</th>
          </tr>
        </thead>
        <tbody>
          {openingHours.map((day) => (
            <tr key={day.day} className={day.opens ? "availability__open" : undefined}>
              <th scope="row">{day.day}</th>
              <td>
                <span className="availability__time">
                  {day.opens && day.closes ? `${clock(day.opens)} - ${clock(day.closes)}` : "By appointment"}
                </span>{" "}
                <span className="availability__note">{day.note}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The call to action and the pointer to the booking page. */
export function ContactCallToAction() {
  const { studio } = useFacts();
  return (
    <section className="form-cta" aria-labelledby="contact-cta-title">
      <h2 id="contact-cta-title">Ready to plan your tattoo?</h2>
      <p>
        Tell us your idea on the consultation form and we will set up a free consultation of{" "}
        {studio.claims.consultationMinutes}, in person or by phone.
      </p>
      <BookOrCallButtons />
    </section>
  );
}
