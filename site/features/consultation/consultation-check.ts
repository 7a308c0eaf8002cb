import { consultationSchema } from "../../../shared/schemas/consultation";
import { checkWith } from "../../lib/forms/schema-check";

/** The request form's checks, loaded on demand (consultation-api.ts): the worker's own schema. */
export const checkConsultation = checkWith(consultationSchema);
