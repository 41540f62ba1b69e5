/* The one seam between the channel's orders and whoever takes the money (PAYMENTS.md, ADR 015):
   `stripe` (the real SDK, when STRIPE_SECRET_KEY is set) or `sandbox` (our own test checkout, the
   default). Both make a hosted checkout the fan's browser is sent to, and both report what
   happened as Stripe-shaped events that one fulfilment path handles
   (services/fulfilment.ts), which always re-reads the checkout from the provider.
   Our pages are named to a provider by their paths ('/orders/12', '/profile'): the sandbox sends the
   fan to them on the origin they are on, Stripe makes them absolute with PUBLIC_URL (ADR 029). */

export interface CheckoutLine {
  name: string;
  amountCents: number;
  /** A subscription's price repeats every interval. */
  recurring?: { interval: 'day' | 'month' | 'year'; intervalCount: number };
}

export interface CheckoutRequest {
  purchaseId: number;
  channelId: number;
  /** 'subscription' when a line recurs. */
  mode: 'payment' | 'subscription';
  customer: { userId: number; email: string; stripeCustomerId: string | null };
  lines: CheckoutLine[];
  /** A subscription that starts with a free trial of this many days: nothing is charged now, the
   *  card is set up for the first charge at the trial's end. */
  trialDays?: number | null;
  /** ISO 4217, upper case as the channel stores it. */
  currency: string;
  /** When the checkout expires: no payment after it (what it holds is released then: services/holds.ts). */
  expiresAt: Date;
  /** A path of the web app; may hold `{CHECKOUT_SESSION_ID}`, replaced by the session's id on return (as Stripe does). */
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface CheckoutCreated {
  sessionId: string;
  url: string;
  /** A customer the provider made for the fan on the way (stripe): stored for their next purchase. */
  customerId?: string;
}

/** A checkout as the provider has it now: what fulfilment decides from. */
export interface CheckoutState {
  sessionId: string;
  /** Our purchase, from the session's metadata (client_reference_id on Stripe). */
  purchaseId: number | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  /** Why the payment did not go through, when the provider says ('card_declined', …). */
  declineCode: string | null;
  /** The subscription a completed subscription-mode checkout started. */
  subscriptionId: string | null;
}

/** A subscription as the provider has it now (PAYMENTS.md section 3). */
export interface SubscriptionState {
  id: string;
  status: 'trialing' | 'active' | 'past_due' | 'unpaid' | 'paused' | 'canceled' | 'incomplete' | 'incomplete_expired';
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** What each renewal charges. */
  amountCents: number;
  /** Why a canceled subscription ended: the fan asked ('cancellation_requested'), or its renewal
   *  could not be paid ('payment_failed'). */
  endedReason: 'cancellation_requested' | 'payment_failed' | null;
}

/** One of a subscription's invoices: its first charge, or a renewal. */
export interface InvoiceState {
  id: string;
  subscriptionId: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  amountCents: number;
  /** 'subscription_create' (paid at checkout), 'subscription_cycle' (a trial's end or a renewal). */
  billingReason: string;
}

/** What a provider reports, in Stripe's shape: an id (to handle each once) and the checkout it is about. */
export interface PaymentEvent {
  id: string;
  type: string;
  sessionId: string | null;
  /** For subscription and invoice events. */
  subscriptionId?: string | null;
  invoiceId?: string | null;
  /** For payment_intent.* events: a payment on a saved card (pi_…). */
  paymentId?: string | null;
}

/** Who the provider is asked about: our fan, and their Stripe customer once they have one. */
export interface Fan {
  userId: number;
  channelId: number;
  email: string;
  stripeCustomerId: string | null;
}

/** A saved card as the provider keeps it (Stripe: a PaymentMethod of type card). */
export interface CardOnFile {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  default: boolean;
}

/** Charging a saved card while the fan is on our site (Stripe: a PaymentIntent, confirmed at once). */
export interface ChargeRequest {
  purchaseId: number;
  fan: Fan;
  paymentMethodId: string;
  amountCents: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** What the charge is for (the bank statement's description). */
  description: string;
  /** Where the bank's authentication page sends the fan back to (the order page's path). */
  returnUrl: string;
  idempotencyKey: string;
}

export interface ChargeResult {
  /** The payment's id (pi_…): kept on the purchase where a checkout's session id would be. */
  paymentId: string;
  /** succeeded: paid now; requires_action: the fan must go to `redirectUrl` (the bank); failed:
   *  declined; pending: neither yet (the order page waits for the provider's event). */
  status: 'succeeded' | 'requires_action' | 'failed' | 'pending';
  redirectUrl: string | null;
  customerId?: string;
}

/** A payment on a saved card is named pi_… (Stripe's PaymentIntent); a checkout cs_…. */
export const isPaymentId = (id: string) => id.startsWith('pi_');

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<CheckoutCreated>;
  /** Null when the provider does not know the session. */
  retrieveCheckout(sessionId: string): Promise<CheckoutState | null>;
  /** Ends an open checkout (a new attempt replaces it); a closed one is left as it is. */
  expireCheckout(sessionId: string): Promise<void>;
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionState | null>;
  retrieveInvoice(invoiceId: string): Promise<InvoiceState | null>;
  /** Stops (true) or resumes (false) the renewal at the end of the paid period. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Where "Manage billing" sends the fan: the provider's customer portal, back to `returnPath`. */
  portalUrl(customer: { userId: number; channelId: number; stripeCustomerId: string | null }, returnPath: string): Promise<string>;
  /** The fan's saved cards, newest first (none before they have a customer). */
  listCards(fan: Fan): Promise<CardOnFile[]>;
  /** Where the fan adds a card without paying (Stripe Checkout in setup mode, the sandbox's page),
   *  back to `returnUrl` (a path of the web app). */
  addCardUrl(fan: Fan, opts: { returnUrl: string; currency: string; idempotencyKey: string }): Promise<{ url: string; customerId?: string }>;
  /** Removes one of the fan's cards; false when it is not theirs (or already removed). */
  removeCard(fan: Fan, paymentMethodId: string): Promise<boolean>;
  /** Charges one of the fan's saved cards (checked to be theirs by the caller). */
  chargeCard(request: ChargeRequest): Promise<ChargeResult>;
  /** A payment on a saved card as a checkout's state, for the same fulfilment path; null when unknown. */
  retrievePayment(paymentId: string): Promise<CheckoutState | null>;
  /** Ends a payment still waiting for the bank (a new attempt replaces it). */
  cancelPayment(paymentId: string): Promise<void>;
}

/** Fulfilment, as a provider calls it with each event (the sandbox directly, Stripe through the webhook). */
export type PaymentEventHandler = (event: PaymentEvent) => Promise<unknown>;
