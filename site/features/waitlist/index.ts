/** The waitlist that takes the request form's place on /book-consultation while the books are closed. */
export { WaitlistSignUp } from "./components/waitlist-sign-up";
