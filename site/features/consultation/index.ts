/**
 * The consultation page's request flow (the form, the sent screen), and its static parts the
 * page renders outside the form's island: the box beside it and the placement suggestions.
 */

export { PlacementSuggestions } from "./components/consultation-guide";
export { ConsultationRequest } from "./components/consultation-request";
export { WhatToExpect } from "./components/what-to-expect";
