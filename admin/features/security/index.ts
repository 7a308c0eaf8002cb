/** The admin's own sign-in security: passkey sign-in on the login page, the passkeys panel. */
export { PasskeySignIn } from "./passkey-sign-in";
export { PasskeysPanel } from "./passkeys-panel";
