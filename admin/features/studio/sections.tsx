import type { ReactNode } from "react";
import type { ContentSectionName } from "../../../shared/schemas/content";
import { PortfolioFields } from "./collections";
import { FaqFields, FlashFields, TestimonialsFields } from "./lists";
import { PoliciesFields } from "./policies-fields";
import { AnnouncementFields, BookingFields, HoursFields, PricesFields } from "./simple-sections";
import { StudioFields } from "./studio-fields";

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
  { name: "policies", title: "Policies", preview: "/services", fields: () => <PoliciesFields /> },
  { name: "testimonials", title: "Testimonials", preview: "/reviews", fields: () => <TestimonialsFields /> },
  { name: "faq", title: "FAQ", preview: "/services", fields: () => <FaqFields /> },
  { name: "studio", title: "Studio facts", preview: "/contact", fields: () => <StudioFields /> },
];

export const sectionTitles: Partial<Record<ContentSectionName, string>> = Object.fromEntries(
  studioSections.map((s) => [s.name, s.title]),
);
