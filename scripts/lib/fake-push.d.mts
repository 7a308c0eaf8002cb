// Types of fake-push.mjs for the TypeScript tests that import it.
export interface FakePushSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A push as the phone would show it: its decrypted payload and the headers it came with. */
export interface ReceivedPush {
  endpoint: string;
  title: string;
  body: string;
  url: string;
  tag?: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID public key the push was signed with. */
  vapidKey: string;
}

export interface FakePushService {
  received: ReceivedPush[];
  refused: { endpoint: string; reason: string }[];
  subscribe(): Promise<FakePushSubscription>;
  answer(endpoint: string, status: number): void;
  handle(request: Request): Promise<Response>;
}

export function createFakePushService(options?: { publicUrl?: string }): FakePushService;
