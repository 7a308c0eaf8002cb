/**
 * What other features use of the submissions feature: the screens a form posted without
 * JavaScript is answered with (the waitlist's, the design a request carries), and the bindings a
 * submission's routes need.
 */
export {
  AttachedDesign,
  LeaveWaitlist,
  WaitlistMain,
  WaitlistNotice,
  waitlistLeft,
} from "./form-answers-page";
export type { SubmissionEnv } from "./routes";
