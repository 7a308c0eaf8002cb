export { Measurements as default } from "../features/measurements/measurements";
