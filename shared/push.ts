/**
 * The kinds of push notice the artist can turn on or off on each of her devices, and how the
 * admin names them. The worker sends each with the e-mail it goes with.
 */
export const pushTopics = ["new-request", "client-answer", "deposit-paid", "session-changed"] as const;
export type PushTopic = (typeof pushTopics)[number];
