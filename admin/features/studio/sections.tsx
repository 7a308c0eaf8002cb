import type { ReactNode } from "react";
import type { ContentSectionName } from "../../../shared/schemas/content";
import { PortfolioFields } from "./collections";
import { FaqFields, FlashFields, TestimonialsFields } from "./lists";
import {
  AnnouncementFields,
  BookingFields,
  ContactFields,
  HoursFields,
  PricesFields,
} from "./simple-sections";

/** The sections the Studio edits, in its tab order, with where each shows on the site. */
export const studioSections: {
  name: ContentSectionName;
  title: string;
  preview: string;
  fields: () => ReactNode;
}[] = [
  { name: "portfolio", title: "Portfolio", preview: "/gallery", fields: () => <PortfolioFields /> },
  { name: "flash", title: "Flash", preview: "/flash", fields: () => <FlashFields /> },
  { name: "hours", title: "Hours", preview: "/contact", fields: () => <HoursFields /> },
  { name: "booking", title: "Booking", preview: "/book-consultation", fields: () => <BookingFields /> },
  { name: "announcement", title: "Announcement", preview: "/", fields: () => <AnnouncementFields /> },
  { name: "prices", title: "Prices", preview: "/services", fields: () => <PricesFields /> },
  { name: "testimonials", title: "Testimonials", preview: "/reviews", fields: () => <TestimonialsFields /> },
  { name: "faq", title: "FAQ", preview: "/services", fields: () => <FaqFields /> },
  { name: "studio", title: "Contact", preview: "/contact", fields: () => <ContactFields /> },
];

export const sectionTitles: Partial<Record<ContentSectionName, string>> = Object.fromEntries(
  studioSections.map((s) => [s.name, s.title]),
);
sectionTitles.policies = "Policies";
