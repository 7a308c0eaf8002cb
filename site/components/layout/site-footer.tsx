import { pageByPath } from "../../../shared/routes";
import { usePath } from "../../app/path-context";
import { Link } from "../../components/link";
import { useFacts } from "../../content/content-context";
import { BookOrCallButtons } from "../call-button";

const quickLinks: FooterLink[] = [
  { to: "/gallery", label: "Portfolio" },
  { to: "/services", label: "Services" },
  { to: "/about", label: "About" },
  { to: "/reviews", label: "Reviews" },
  { to: "/aftercare", label: "Aftercare" },
  { to: "/contact", label: "Contact" },
];

const legalLinks: FooterLink[] = [
  { to: "/privacy-policy", label: "Privacy policy" },
  { to: "/terms-of-service", label: "Terms of service" },
  { to: "/copyright", label: "Copyright" },
];

interface FooterLink {
  to: string;
  label: string;
}

function LinkList({ className, links }: { className: string; links: FooterLink[] }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to}>{link.label}</Link>
        </li>
      ))}
    </ul>
  );
}

export function SiteFooter() {
  const pathname = usePath();
  const pageHasOwn = pageByPath(pathname)?.ownCallToAction === true;
  const { studio, addressLine, telHref, mailtoHref, hoursSummary } = useFacts();
  return (
    <footer className="site-footer">
      {pageHasOwn ? null : <FooterCallToAction />}
      <div className="site-footer__grid">
        <section aria-labelledby="footer-visit">
          <h2 id="footer-visit" className="footer-heading">
            Visit
          </h2>
          <address>
            {studio.name}
            <br />
            {addressLine}
            <br />
            <a href={telHref}>{studio.phone.display}</a>
            <br />
            <a href={mailtoHref}>{studio.email}</a>
          </address>
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="footer-heading">
            Hours
          </h2>
          {hoursSummary.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="footer-heading">
            Explore
          </h2>
          <LinkList className="footer-links" links={quickLinks} />
        </nav>
        <section aria-labelledby="footer-area">
          <h2 id="footer-area" className="footer-heading">
            Service area
          </h2>
          <p>
            {studio.serviceArea.label}, within about {studio.serviceArea.radiusMiles} miles.
          </p>
          <p>
            <a href={studio.social.instagram} rel="me noopener" target="_blank">
              Instagram {studio.social.instagramHandle}
            </a>
          </p>
        </section>
      </div>
      <div className="site-footer__bottom">
        <p>
          © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {studio.name}. All artwork ©{" "}
          {studio.artist.name}.
        </p>
        <LinkList className="footer-legal" links={legalLinks} />
      </div>
    </footer>
  );
}

/** The booking invitation for pages that do not end with one of their own. */
function FooterCallToAction() {
  const { studio } = useFacts();
  return (
    <div className="footer-cta">
      <p className="footer-cta__title">Have an idea? Let's draw it together.</p>
      <p className="footer-cta__text">
        {`Free consultations of ${studio.claims.consultationMinutes}. We reply within ${studio.claims.replyWithin}.`}
      </p>
      <BookOrCallButtons />
    </div>
  );
}
