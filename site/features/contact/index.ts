/** The contact page's parts: the studio's details, its hours, the message form and directions. */
export { AvailabilityTable, ContactCallToAction, ContactDetails } from "./components/contact-details";
export { ContactForm } from "./components/contact-form";
export { Directions } from "./components/directions";
