/** The artist's Today: what needs her now. */
export { type DrawnToday, DrawnTodayContext, readDrawnToday } from "./drawn";
export { TodayScreen } from "./today-screen";
