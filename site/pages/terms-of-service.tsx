import type { Facts } from "../../shared/content-facts";
import { paymentMethodsSentence } from "../../shared/payment-methods";
import { LegalPage, type LegalSection } from "../components/content/legal-sections";
import { Today } from "../components/content/today";
import { Link } from "../components/link";

const sections = ({
  bookingFacts,
  cardOnFilePolicy,
  depositWords,
  mailtoHref,
  policies,
  prices,
  studio,
  telHref,
}: Facts): LegalSection[] => [
  {
    id: "agreement",
    title: "Service agreement",
    body: (
      <p>
        By booking with {studio.name} or using this site you agree to these terms. They cover consultations,
        appointments and tattoo services provided by {studio.artist.name} at the studio.
      </p>
    ),
  },
  {
    id: "eligibility",
    title: "Age and eligibility",
    body: (
      <p>
        {policies.age} We may decline any service if you appear to be under the influence of alcohol or drugs.
        Every form on this site requires confirmation that you are {studio.claims.minimumAge} or older.
      </p>
    ),
  },
  {
    id: "booking",
    title: "Booking, deposits and cancellations",
    body: (
      <>
        <p>{depositWords}</p>
        {cardOnFilePolicy ? <p>{cardOnFilePolicy}</p> : null}
        <ul>
          {policies.cancellation.map((rule) => (
            <li key={rule}>{rule}.</li>
          ))}
        </ul>
        <p>Please give {bookingFacts.rescheduleNoticeHours} hours' notice to reschedule.</p>
      </>
    ),
  },
  {
    id: "pricing",
    title: "Pricing and payment",
    body: (
      <p>
        Quotes are given at consultation and follow the ranges on the{" "}
        <Link to="/services">services page</Link>. The minimum charge is ${prices.minimumCharge}.{" "}
        {policies.payment} {paymentMethodsSentence(bookingFacts.paymentMethods)} {bookingFacts.cashPricing}
      </p>
    ),
  },
  {
    id: "design-rights",
    title: "Design rights",
    body: (
      <p>
        Custom designs are drawn for you and are not tattooed on anyone else, but the artwork and its
        copyright remain with {studio.artist.name}. Drawings are not handed over before the session. Photos of
        completed work may be shared in the portfolio unless you ask us not to.
      </p>
    ),
  },
  {
    id: "health-safety",
    title: "Health and safety",
    body: (
      <p>
        Tell us about allergies, medical conditions, medication or pregnancy before your session. We use
        single-use needles and follow Maryland health regulations. {bookingFacts.beforeYourSession}{" "}
        {policies.companions}
      </p>
    ),
  },
  {
    id: "aftercare",
    title: "Aftercare",
    body: (
      <p>
        Healing depends on following the <Link to="/aftercare">aftercare guide</Link>. We are not responsible
        for problems caused by aftercare not being followed, sun exposure, swimming too early or picking.
      </p>
    ),
  },
  {
    id: "touch-ups",
    title: "Touch-ups",
    body: (
      <p>
        {policies.touchUps} of your session, when healing has left a gap. Touch-ups needed because aftercare
        wasn't followed, or requested later, are charged at the studio's normal rate.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Liability",
    body: (
      <p>
        Tattooing carries inherent risks, explained on the consent form you sign before your session. To the
        extent the law allows, our liability is limited to the amount you paid for the service.
      </p>
    ),
  },
  {
    id: "conduct",
    title: "Studio conduct",
    body: (
      <p>
        The studio is a calm, respectful space. Harassment, intoxication or abusive behaviour ends a session
        without refund. {policies.companions}
      </p>
    ),
  },
  {
    id: "disputes",
    title: "Disputes",
    body: (
      <p>
        If something isn't right, tell us first and we'll work to fix it. These terms are governed by the laws
        of the State of Maryland.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms; the version on this page applies. Questions:{" "}
        <a href={mailtoHref}>{studio.email}</a> or <a href={telHref}>{studio.phone.display}</a>.
      </p>
    ),
  },
];

export function TermsOfServicePage() {
  return (
    <LegalPage
      page="terms-of-service"
      eyebrow="The fine print, in plain words"
      intro={({ studio }) => (
        <>
          <p>How booking, deposits, design rights and touch-ups work at {studio.name}.</p>
          <p className="note">
            Last updated: <Today />
          </p>
        </>
      )}
      sections={sections}
    />
  );
}
