import type { ConsultationInput } from "../../../shared/schemas/consultation-fields";
import { submissionEndpoint } from "../../lib/forms/submission-api";

/** The consultation request's routes: POST /api/consultations and its configuration. */
export const consultationEndpoint = submissionEndpoint<ConsultationInput>(
  "consultations",
  () => import("../../lib/api-client").then((module) => module.api.consultations),
  () => import("./consultation-check").then((module) => module.checkConsultation),
);
