/** The artist's Today: what needs her now. */
export { TodayScreen } from "./today-screen";
