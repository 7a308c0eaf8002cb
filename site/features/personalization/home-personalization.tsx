import { island } from "../../app/island";
import { IdeaGenerator } from "./idea-generator";
import { PersonalizedHeader } from "./personalized-header";
// The stylesheet is part of the home page's inlined CSS, so the stand-ins are styled from the
// first paint and nothing shifts when the features load.
import "./personalization.css";

/**
 * The home page's greeting and idea generator. Both act only with consent, so their code (React,
 * the location service, the AI client) loads only for a visitor whose stored consent allows
 * them; everyone else keeps the server's stand-ins (stand-ins.tsx), which is what both render
 * without consent anyway.
 */
export const PersonalGreeting = island("personal-greeting", PersonalizedHeader, "consent:personalization");

export const TattooIdeas = island("tattoo-ideas", IdeaGenerator, "consent:ai");
