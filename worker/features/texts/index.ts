/**
 * Text reminders (docs/decisions/036-text-reminders.md): what other features use of them.
 */
export { deliverTexts, remindedByText, textClientNow } from "./service";
