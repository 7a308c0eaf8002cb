export { ConsultationRequest as default } from "../features/consultation";
