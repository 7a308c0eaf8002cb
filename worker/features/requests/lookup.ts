import { ApiError } from "../../platform/api-error";
import { findSubmission } from "./queries";

/**
 * The consultation request an admin route names by id, or the 404 every such route answers
 * when there is none: the one wording the inbox's screens show.
 */
export async function consultationOr404(d1: D1Database, id: string) {
  const request = await findSubmission(d1, "consultation", id);
  if (!request) throw new ApiError(404, "That consultation request does not exist.");
  return request;
}

/** A submission of any kind by its id, for the routes of other features. */
export { findSubmission, type SubmissionRow } from "./queries";
