import { legalFacts } from "../../shared/content/legal-facts";
import type { Facts } from "../../shared/content-facts";
import { maxReferenceImages } from "../../shared/reference-images";
import { LegalPage, type LegalSection } from "../components/content/legal-sections";
import { PrivacyDataControls } from "../features/consent";

/**
 * What one page-speed measurement holds: the fields the worker stores for a web-vitals report
 * (worker/features/measurements/tables.ts), and no more.
 */
const performanceMeasurement =
  "how quickly the page loaded and responded, the page's address without anything typed into it, your browser's family (such as \"Chrome on Android (mobile)\", never its full identification string), your window size, your connection's type and speed, and the name of the site that linked to ours (not the page)";

const sections = ({ addressLine, mailtoHref, studio, telHref }: Facts): LegalSection[] => [
  {
    id: "philosophy",
    title: "Our privacy philosophy",
    body: (
      <p>
        We collect as little as we can, keep it only as long as we must, and never sell it. Anything beyond
        what the site needs to work is off until you switch it on, and you can switch it off again at any
        time.
      </p>
    ),
  },
  {
    id: "how-it-works",
    title: "How the site works",
    body: (
      <>
        <p>
          The first time you visit, a consent dialog asks which optional features you want: location,
          personalization and AI features. Privacy essentials are always on. Your choice is stored in your own
          browser and is valid for {legalFacts.consentValidDays} days, after which we ask again.
        </p>
        <p>
          Personalization is session-only: what you browse and the ideas you generate are kept in your browser
          for at most {legalFacts.sessionDataHours} hours and are cleared when you revoke consent.
        </p>
      </>
    ),
  },
  {
    id: "information-collection",
    title: "Information we collect",
    body: (
      <>
        <p>Only what you type into our forms, and anonymous performance measurements:</p>
        <ul>
          <li>
            <strong>Contact form:</strong> name, e-mail, optional phone, the service you're interested in,
            your message and whether you'd like the newsletter.
          </li>
          <li>
            <strong>Consultation request:</strong> name, e-mail, phone, a description of your tattoo concept,
            size and placement preferences, budget range, availability and your confirmation that you are{" "}
            {studio.claims.minimumAge} or older. If you add reference images (up to {maxReferenceImages}), we
            keep a resized copy of each with its location, camera and other details removed; the file you
            chose is not kept.
          </li>
          <li>
            <strong>Waitlist (only while the books are closed):</strong> name, e-mail and the styles you
            ticked. See <a href="#waitlist">the waitlist</a> below.
          </li>
          <li>
            <strong>Site performance:</strong> anonymous page-speed measurements ({performanceMeasurement})
            and error reports, with no name or contact details attached.
          </li>
        </ul>
        <p>
          Every form requires confirmation that you are {studio.claims.minimumAge} or older and cannot be sent
          without it.
        </p>
        <h3 id="waitlist">The waitlist</h3>
        <p>
          While the books are closed, the booking page offers a waitlist instead of the request form. It keeps
          your name, your e-mail address, the styles you ticked and when you signed up, for one purpose: to
          e-mail you once, when the books open again. Signing up again with the same address updates your
          entry; it never makes a second one.
        </p>
        <p>
          That e-mail has a link to leave the list, which deletes your entry at once. We keep only a scrambled
          (hashed) form of the link's code, so the link cannot be rebuilt from our database. After the e-mail
          your entry is deleted within 30 days; an entry still waiting two years after its last sign-up is
          deleted too. To leave before the books reopen, e-mail <a href={mailtoHref}>{studio.email}</a> or
          call <a href={telHref}>{studio.phone.display}</a>.
        </p>
        <h3 id="request-status">Your request's status page</h3>
        <p>
          When you send a consultation request, you get a private link (shown once sent, and e-mailed to the
          address you gave) to a page showing what you sent and where your request stands. Anyone with the
          link can see that page, so keep it to yourself. We keep only a one-way hash of the link (and an
          encrypted copy only until the e-mail carrying it is delivered); the page is never cached or indexed.
          The studio can revoke a link at any time, for example if you ask; it is deleted with your request,
          or 30 days after it is revoked.
        </p>
        <p>
          The artist may write to you there, and you can answer on that page with text and an image. We keep
          the messages, the images and when each side read them with your request, and delete them with it.
          Each new message is announced by e-mail with a short excerpt and the link (to you while your link is
          active, so an encrypted copy of it is kept until the link is revoked); the whole conversation is
          only ever shown on the page and in the studio's inbox.
        </p>
        <h3 id="quote-and-deposit">Your quote and deposit</h3>
        <p>
          When the artist sends you a quote, we keep it (the price, the sessions, the deposit and her note)
          and whether and when you accepted it, with your request. If you pay the deposit online, you pay on
          Stripe's own page: your card details go to Stripe, never to us. We give Stripe the amount, your
          request's reference and the address of your status page to bring you back to; Stripe tells us the
          payment's amount and reference, which we keep with your request, and we keep the number of each of
          Stripe's notices for 90 days so that none is counted twice. Stripe keeps its own record of the
          payment under its privacy policy. A deposit paid in cash is recorded by the artist. Your quote and
          deposit records are deleted with your request.
        </p>
        <h3 id="booking">Booking your session</h3>
        <p>
          Once your deposit is paid, you choose your session's time on that page. We keep the time you booked,
          any change or cancellation and when it happened, and which reminders we e-mailed you (two days and
          one day before), with your request, and delete them with it. To show the times in your own time zone
          as well as the studio's, the page reads the time zone your connection comes from; it is not stored.
          The calendar file the page offers is made when you download it and holds the time, the studio's
          address and your page's link.
        </p>
        <h3 id="release-form">Your release form</h3>
        <p>
          Before your session you sign the studio's consent and release form on your request's page: your
          legal name, date of birth, an emergency contact, your answers to the health questions, and your
          typed signature with the time you signed, together with the exact words of the form you were shown.
          We keep it so the artist can tattoo you safely and because Maryland's rule for body-art studios
          (COMAR 10.06.01.06) asks for written consent after the risks are disclosed, and for a record of each
          client's name, the date, the procedure and the technician, which a health inspector may ask to see.
        </p>
        <p>
          The form and that record are stored encrypted (AES-256-GCM, with a key kept apart from the
          database); only the studio owner can open them, and every opening and every export for an inspector
          is logged. Both are kept for exactly three years (the record from the day of the procedure), even if
          your request is deleted sooner, and are then deleted automatically. Because the law asks for them,
          we cannot delete them earlier on request, but you can ask to see them at any time.
        </p>
        <h3 id="aftercare">Aftercare after your session</h3>
        <p>
          Once your session is done, your status page shows your aftercare for each day of healing. Two
          choices there are off until you make them, and you can change either on that page at any time:
          reminder e-mails on days 1, 3, 14 and 30 of healing (the last asks for a photo of the healed tattoo
          and for a review, which you are free to ignore), and permission for the artist to show a photo of
          your healed tattoo in the portfolio. We keep each choice with the time you made it or took it back,
          and which reminders were sent; all of it is deleted with your request.
        </p>
        <p>
          With your permission, a photo you send of the healed tattoo may go into the portfolio, with its
          location and camera details removed and never with your name. If you withdraw it, no photo of yours
          is added again and the artist takes down any already shown. A photo shown with your permission stays
          in the portfolio after your request is deleted, until you withdraw it by e-mail or phone.
        </p>
      </>
    ),
  },
  {
    id: "location",
    title: "Location",
    body: (
      <p>
        With location consent, the site uses your approximate city (from your connection, or from your browser
        if you allow precise location) to greet you and show your distance from the studio. It is cached in
        your browser for at most {legalFacts.sessionDataHours} hours and is never stored on our servers with
        your name.
      </p>
    ),
  },
  {
    id: "ai-features",
    title: "AI features",
    body: (
      <p>
        With AI consent, the idea generator and greeting send your prompt and non-identifying context (time of
        day, approximate city, styles you've looked at) to an AI text service to write suggestions. Don't
        include personal details in prompts. Generated ideas are kept only in your browser session.
      </p>
    ),
  },
  {
    id: "third-party",
    title: "Third-party services",
    body: (
      <>
        <p>We rely on a small number of providers, each only for its task:</p>
        <ul>
          <li>Database and hosting: stores form submissions and serves the site.</li>
          <li>E-mail: delivers notifications of your requests to the studio and our replies to you.</li>
          <li>Image hosting: serves the portfolio images.</li>
          <li>AI text service: only when you enable AI features.</li>
          <li>Analytics: first-party, privacy-friendly counts with no third-party trackers or ad cookies.</li>
        </ul>
      </>
    ),
  },
  {
    id: "data-retention",
    title: "How long we keep data",
    body: (
      <ul>
        {legalFacts.retention.map((row) => (
          <li key={row.what}>
            {row.what}: {row.keptFor}.
          </li>
        ))}
      </ul>
    ),
  },
  {
    id: "data-security",
    title: "Data security",
    body: (
      <p>
        All traffic is encrypted (HTTPS). Submissions are validated on our server, stored in an
        access-controlled database and visible only to the studio owner, whose sign-in is protected by a
        signed, expiring session. Reference images are stored privately, never at a public address, and only
        the studio owner can open them.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: (
      <>
        <p>
          You can ask to see, correct, export or delete the information we hold about you, and withdraw
          consent at any time from the privacy badge on any page. Clearing your choices removes everything the
          site stored in your browser.
        </p>
        <p>We answer privacy requests {legalFacts.privacyResponse}.</p>
      </>
    ),
  },
  {
    id: "coppa-compliance",
    title: "Minors (COPPA)",
    body: (
      <p>
        Our services are for adults {studio.claims.minimumAge} and over. We do not knowingly collect
        information from anyone under {studio.claims.minimumAge}; if we learn we have, we delete it{" "}
        {legalFacts.minorsDataDeleted}.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us about privacy",
    body: (
      <p>
        {studio.name}, {addressLine}. E-mail <a href={mailtoHref}>{studio.email}</a> or call{" "}
        <a href={telHref}>{studio.phone.display}</a>.
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      page="privacy-policy"
      eyebrow="Your data, your choice"
      intro={() => (
        <>
          <p>What this site collects, why, for how long, and how to take it back.</p>
          <p className="note">Last updated: {legalFacts.privacyUpdated}</p>
        </>
      )}
      sections={sections}
      toc
    >
      <PrivacyDataControls />
    </LegalPage>
  );
}
