export { WaitlistSignUp as default } from "../features/waitlist";
