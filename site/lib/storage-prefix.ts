/**
 * Every key this site keeps in the browser starts with this prefix (shell-and-admin.md 6), so
 * "delete my data" on the privacy page can find and remove all of them: consent, session data,
 * logs, experiments and form drafts alike.
 */
export const storagePrefix = "gn:";
