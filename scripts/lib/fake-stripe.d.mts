// Types of fake-stripe.mjs for the TypeScript tests that import it.
export interface FakeStripeSession {
  id: string;
  amount_total: number;
  currency: string;
  payment_status: string;
  status: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  [key: string]: unknown;
}

export interface FakeStripeDelivery {
  event: { id: string; type: string; data: { object: FakeStripeSession } };
  payload: string;
  status: number;
}

export interface FakeStripe {
  handle(request: Request): Promise<Response>;
  pay(id: string): Promise<FakeStripeDelivery>;
  /** Saves one of the fake's test cards (by last four: "4242", "0341" declines, "3155" asks for authentication). */
  saveCard(id: string, last4?: string): Promise<FakeStripeDelivery>;
  sendEvent(object: Record<string, unknown>, type?: string): Promise<FakeStripeDelivery>;
  sessions: Map<string, FakeStripeSession>;
  customers: Map<string, Record<string, unknown>>;
  setupIntents: Map<string, Record<string, unknown>>;
  paymentMethods: Map<string, Record<string, unknown>>;
  paymentIntents: Map<
    string,
    {
      id: string;
      amount: number;
      status: string;
      customer: string;
      payment_method: string;
      [key: string]: unknown;
    }
  >;
  calls: {
    method: string;
    path: string;
    headers: Record<string, string>;
    form?: Record<string, unknown>;
    replayed?: boolean;
  }[];
  deliveries: FakeStripeDelivery[];
}

export function stripeSignature(payload: string, secret: string, timestamp?: number): Promise<string>;

export function createFakeStripe(options: {
  publicUrl: string;
  webhookUrl: string;
  webhookSecret: string;
  deliver?: (request: Request) => Promise<Response>;
}): FakeStripe;
