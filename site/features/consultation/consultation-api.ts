import type { ConsultationInput } from "../../../shared/schemas/consultation-fields";
import { formPostPath } from "../../../shared/schemas/submission";
import { api } from "../../lib/api-client";
import type { SubmissionEndpoint } from "../../lib/forms/submission-api";

/** The consultation request's routes: POST /api/consultations and its configuration. */
export const consultationEndpoint: SubmissionEndpoint<ConsultationInput> = {
  formAction: formPostPath("consultations"),
  post: (json, options) => api.consultations.$post({ json }, options),
  config: () => api.consultations.config.$get(),
  check: () => import("./consultation-check").then((module) => module.checkConsultation),
};
