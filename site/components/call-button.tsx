import { bookingLabelFor } from "../../shared/content-facts";
import { useFacts } from "../content/content-context";
import { Link } from "./link";

/** The studio's number as a button: the call most pages' call to action offers first. */
export function CallButton({ ghost = false }: { ghost?: boolean }) {
  const { studio, telHref } = useFacts();
  return (
    <a href={telHref} className={`button ${ghost ? "button--ghost" : "button--primary"}`}>
      Call {studio.phone.display}
    </a>
  );
}

/**
 * The studio's e-mail as a button beside the call. Its label stays short: the address is too long
 * for a button on a phone, and the footer shows it in full.
 */
export function EmailButton() {
  const { mailtoHref } = useFacts();
  return (
    <a href={mailtoHref} className="button button--ghost">
      E-mail us
    </a>
  );
}

/** The two ways to start: the booking page first, the phone beside it. */
export function BookOrCallButtons() {
  const { booksOpen } = useFacts();
  return (
    <div className="button-row">
      <Link to="/book-consultation" className="button button--primary">
        {bookingLabelFor(booksOpen)}
      </Link>
      <CallButton ghost />
    </div>
  );
}
