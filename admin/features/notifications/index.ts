/** Push notices to the artist's devices (docs/decisions/031-push-notifications.md). */

export { NotificationsPanel } from "./notifications-panel";
export { forgetThisDevice } from "./sign-out";
