import { legalFacts } from "../../shared/content/legal-facts";
import type { Facts } from "../../shared/content-facts";
import { LegalPage, type LegalSection } from "../components/content/legal-sections";
import { Link } from "../components/link";

const sections = ({ addressLine, mailtoHref, studio }: Facts): LegalSection[] => [
  {
    id: "ownership",
    title: "Ownership",
    body: (
      <p>
        All artwork, photographs, flash designs and text on this site are © {studio.artist.name} and{" "}
        {studio.name}, unless noted otherwise. Tattoos shown belong to the clients who wear them; the designs
        remain the artist's work.
      </p>
    ),
  },
  {
    id: "permitted-uses",
    title: "Permitted uses",
    body: (
      <p>
        You may share links to any page, and share images of the portfolio on social media with credit to{" "}
        {studio.social.instagramHandle} and a link back. You may show a portfolio image to another artist only
        to discuss booking with us.
      </p>
    ),
  },
  {
    id: "prohibited-uses",
    title: "Prohibited uses",
    body: (
      <p>
        Don't copy a design to be tattooed elsewhere, sell or print the artwork, use it to train AI models, or
        remove watermarks or credits. Asking another artist to replicate a custom piece infringes the artist's
        copyright.
      </p>
    ),
  },
  {
    id: "takedown",
    title: "DMCA takedown procedure",
    body: (
      <>
        <p>
          If you believe something on this site infringes your copyright, send a notice to{" "}
          <a href={mailtoHref}>{studio.email}</a> with: your contact details, the work you own, the URL of the
          material, a statement of good-faith belief that the use is unauthorised, a statement that the notice
          is accurate under penalty of perjury, and your physical or electronic signature.
        </p>
        <p>We respond {legalFacts.copyrightResponse}.</p>
      </>
    ),
  },
  {
    id: "counter-notification",
    title: "Counter-notification",
    body: (
      <p>
        If your material was removed by mistake, send a counter-notice with your contact details, the removed
        material and its former location, a statement under penalty of perjury that it was removed in error,
        and your consent to the jurisdiction of the federal courts of Maryland.
      </p>
    ),
  },
  {
    id: "fair-use",
    title: "Fair use",
    body: (
      <p>
        Commentary, criticism, news reporting and teaching may use small excerpts under fair use. Credit the
        artist and link to the original page.
      </p>
    ),
  },
  {
    id: "licensing",
    title: "Licensing",
    body: (
      <p>
        For press, publication or commercial use, ask for permission at{" "}
        <a href={mailtoHref}>{studio.email}</a>. We answer permission requests {legalFacts.permissionResponse}
        .
      </p>
    ),
  },
  {
    id: "third-party-content",
    title: "Third-party content",
    body: (
      <p>
        Client reviews are published with permission and belong to their authors. Trademarks of directories
        and services we mention belong to their owners.
      </p>
    ),
  },
  {
    id: "enforcement",
    title: "Enforcement",
    body: (
      <p>
        We protect the artist's work and will pursue copying of custom designs. Notices by post: {studio.name}
        , {addressLine}. See also the <Link to="/terms-of-service">terms of service</Link>.
      </p>
    ),
  },
];

export function CopyrightPage() {
  return (
    <LegalPage
      page="copyright"
      eyebrow="Protecting original art"
      intro={() => (
        <p>Who owns the artwork on this site, how you may use it, and how to report infringement.</p>
      )}
      sections={sections}
    />
  );
}
