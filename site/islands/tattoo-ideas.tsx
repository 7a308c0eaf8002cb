export { IdeaGenerator as default } from "../features/personalization";
