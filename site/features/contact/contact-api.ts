import type { ContactInput } from "../../../shared/schemas/contact-fields";
import { submissionEndpoint } from "../../lib/forms/submission-api";

/** The contact form's routes: POST /api/contact and its configuration. */
export const contactEndpoint = submissionEndpoint<ContactInput>(
  "contact",
  () => import("../../lib/api-client").then((module) => module.api.contact),
  () => import("./contact-check").then((module) => module.checkContact),
);
