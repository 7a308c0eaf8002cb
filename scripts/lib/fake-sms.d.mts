// Types of fake-sms.mjs for the TypeScript tests that import it.
export interface SentText {
  sid: string;
  to: string;
  from: string;
  body: string;
}

export interface FakeSms {
  sent: SentText[];
  refused: { status: number; code: number | null; reason: string }[];
  refuseNumber(number: string, how: "unsubscribed" | "invalid"): void;
  setDown(value: boolean): void;
  handle(request: Request): Promise<Response>;
  inbound(
    number: string,
    body: string,
    options?: { messageSid?: string; signature?: string | null },
  ): Promise<{ messageSid: string; status: number; body: string }>;
}

export function signTwilio(token: string, url: string, params: Record<string, string>): Promise<string>;

export function createFakeSms(options: {
  accountSid: string;
  authToken: string;
  from: string;
  webhookUrl: string;
  deliver?: (request: Request) => Promise<Response>;
}): FakeSms;
