import { bodyLimit } from "hono/body-limit";
import { maxSubmissionBytes } from "../../shared/schemas/submission";
import { ApiError } from "../lib/api-error";

/** 413 for a body over 32 KiB, whether it declares its length or streams it. */
export const submissionBodyLimit = bodyLimit({
  maxSize: maxSubmissionBytes,
  onError: () => {
    throw new ApiError(413, `The request body is larger than ${maxSubmissionBytes / 1024} KiB.`);
  },
});
