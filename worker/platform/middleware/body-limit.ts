import { bodyLimit } from "hono/body-limit";
import { maxSubmissionBytes } from "../../../shared/schemas/submission";
import { ApiError } from "../api-error";

/** 413 in the one error shape for a body over `maxBytes`, declared or streamed. */
export const limitBody = (maxBytes: number) =>
  bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(413, `The request body is larger than ${Math.round(maxBytes / 1024)} KiB.`);
    },
  });

/** The forms' limit: 32 KiB. */
export const submissionBodyLimit = limitBody(maxSubmissionBytes);
