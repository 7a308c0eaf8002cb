import { bodyLimit } from "hono/body-limit";
import { ApiError } from "../lib/api-error";

/** Refuses request bodies over `maxBytes` with the one error shape (413). */
export const limitBody = (maxBytes: number) =>
  bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(413, `The request body is larger than ${Math.round(maxBytes / 1024)} KB.`);
    },
  });
