import type { ContactInput } from "../../../shared/schemas/contact-fields";
import { formPostPath } from "../../../shared/schemas/submission";
import { api } from "../../lib/api-client";
import type { SubmissionEndpoint } from "../../lib/forms/submission-api";

/** The contact form's routes: POST /api/contact and its configuration. */
export const contactEndpoint: SubmissionEndpoint<ContactInput> = {
  formAction: formPostPath("contact"),
  post: (json, options) => api.contact.$post({ json }, options),
  config: () => api.contact.config.$get(),
  check: () => import("./contact-check").then((module) => module.checkContact),
};
