import { navigation } from "../../../shared/routes";
import { Link, NavLink } from "../../components/link";
import { useFacts } from "../../content/content-context";

// The booking link is the menu's call to action; on a phone it also sits in the header itself,
// so booking is one tap away on every page without opening the menu.
const booking = navigation.find((item) => item.cta);
const [bookingFirstWord, ...bookingRest] = booking?.label.split(" ") ?? [];

/**
 * The site header. The menu is a native popover: its toggle works before hydration and with
 * JavaScript off, closes on Escape and on outside clicks, and the browser keeps aria-expanded
 * on the button in step. On wide screens the same list is shown inline; below that width the
 * booking link stands beside the menu button (its label shortened to one word on a phone, the
 * whole label still its accessible name). Server HTML only: choosing a link loads a new page,
 * which closes the menu by itself.
 */
export function SiteHeader() {
  const { studio } = useFacts();

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label={`${studio.name}, home`}>
          <span className="brand__mark" aria-hidden="true">
            ✦
          </span>
          <span className="brand__name">{studio.shortName}</span>
        </Link>
        {booking ? (
          <NavLink to={booking.to} className="header-book">
            {/* One inline run, so the space before the rest of the label survives the flex box. */}
            <span>
              {bookingFirstWord}
              <span className="header-book__rest"> {bookingRest.join(" ")}</span>
            </span>
          </NavLink>
        ) : null}
        <nav aria-label="Main" className="site-nav">
          <button type="button" className="menu-toggle" popoverTarget="site-menu">
            <span className="menu-toggle__bars" aria-hidden="true" />
            <span>Menu</span>
          </button>
          <ul id="site-menu" popover="auto" className="site-nav__list">
            {navigation.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  className={item.cta ? "site-nav__link site-nav__link--cta" : "site-nav__link"}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
