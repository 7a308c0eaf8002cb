/** The consultation page's parts: the request flow and what happens at a consultation. */
export { ConsultationRequest } from "./components/consultation-request";
export { WhatToExpect } from "./components/what-to-expect";
