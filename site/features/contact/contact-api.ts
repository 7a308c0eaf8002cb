import type { ContactInput } from "../../../shared/schemas/contact";
import { api } from "../../lib/api-client";
import type { SubmissionEndpoint } from "../../lib/forms/submission-api";

/** The contact form's routes: POST /api/contact and its configuration. */
export const contactEndpoint: SubmissionEndpoint<ContactInput> = {
  post: (json, options) => api.contact.$post({ json }, options),
  config: () => api.contact.config.$get(),
};
