/** The contact page's parts: the studio's details, its hours, and the message form. */
export { AvailabilityTable, ContactCallToAction, ContactDetails } from "./components/contact-details";
export { ContactForm } from "./components/contact-form";
