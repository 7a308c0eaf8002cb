import type { ContactInput } from "../../../shared/schemas/contact-fields";
import { formPostPath } from "../../../shared/schemas/submission";
import type { SubmissionEndpoint } from "../../lib/forms/submission-api";

/** The typed client, loaded with the first call: the form's first focus, not the page. */
const client = () => import("../../lib/api-client").then((module) => module.api);

/** The contact form's routes: POST /api/contact and its configuration. */
export const contactEndpoint: SubmissionEndpoint<ContactInput> = {
  formAction: formPostPath("contact"),
  post: async (json, options) => (await client()).contact.$post({ json }, options),
  config: async () => (await client()).contact.config.$get(),
  check: () => import("./contact-check").then((module) => module.checkContact),
};
