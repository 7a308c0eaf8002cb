/** The consultation page's request flow (the form, what to expect beside it, the sent screen). */
export { ConsultationRequest } from "./components/consultation-request";
