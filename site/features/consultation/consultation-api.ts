import type { ConsultationInput } from "../../../shared/schemas/consultation-fields";
import { formPostPath } from "../../../shared/schemas/submission";
import type { SubmissionEndpoint } from "../../lib/forms/submission-api";

/** The typed client, loaded with the first call: the form's first focus, not the page. */
const client = () => import("../../lib/api-client").then((module) => module.api);

/** The consultation request's routes: POST /api/consultations and its configuration. */
export const consultationEndpoint: SubmissionEndpoint<ConsultationInput> = {
  formAction: formPostPath("consultations"),
  post: async (json, options) => (await client()).consultations.$post({ json }, options),
  config: async () => (await client()).consultations.config.$get(),
  check: () => import("./consultation-check").then((module) => module.checkConsultation),
};
