import { z } from "./z";

/**
 * A choice on the aftercare part of a request's status page (the reminder e-mails, the portfolio
 * permission): the page's buttons post `choice=on` or `choice=off`.
 */
export const aftercareChoiceSchema = z.object({
  choice: z.enum(["on", "off"], { message: "Choose on or off" }),
});
