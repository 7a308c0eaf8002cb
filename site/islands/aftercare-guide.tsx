export { AftercareGuide as default } from "../features/aftercare";
