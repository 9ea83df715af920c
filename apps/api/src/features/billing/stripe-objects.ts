// Readers for the parts of Stripe objects we use. Events arrive as JSON pinned to the webhook
// endpoint's API version, so fields that moved between versions are read from both places
// (e.g. invoice.subscription → invoice.parent.subscription_details.subscription in 2025-03-31,
// subscription.current_period_end → items.data[].current_period_end in the same release).

type Json = Record<string, unknown>;

function record(value: unknown): Json {
  return value !== null && typeof value === 'object' ? (value as Json) : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** An id from a field that is either the id itself or the expanded object. */
function idOf(value: unknown): string | null {
  return text(value) ?? text(record(value).id);
}

function metadataOf(object: unknown): Record<string, string> {
  const metadata = record(record(object).metadata);
  return Object.fromEntries(Object.entries(metadata).filter(([, v]) => typeof v === 'string')) as Record<
    string,
    string
  >;
}

export interface CheckoutSessionFacts {
  id: string;
  mode: string | null;
  paymentStatus: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  workspaceId: string | null;
  price: string | null;
}

export function readCheckoutSession(object: unknown): CheckoutSessionFacts {
  const session = record(object);
  const metadata = metadataOf(session);
  return {
    id: String(session.id),
    mode: text(session.mode),
    paymentStatus: text(session.payment_status),
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    workspaceId: text(metadata.workspace_id) ?? text(session.client_reference_id),
    price: text(metadata.price),
  };
}

export interface SubscriptionFacts {
  id: string;
  customerId: string | null;
  status: string | null;
  workspaceId: string | null;
  priceKey: string | null;
  stripePriceIds: string[];
  currentPeriodEnd: Date | null;
}

export function readSubscription(object: unknown): SubscriptionFacts {
  const subscription = record(object);
  const metadata = metadataOf(subscription);
  const items = arrayOf(record(subscription.items).data).map(record);
  const periodEnds = [subscription.current_period_end, ...items.map((item) => item.current_period_end)];
  return {
    id: String(subscription.id),
    customerId: idOf(subscription.customer),
    status: text(subscription.status),
    workspaceId: text(metadata.workspace_id),
    priceKey: text(metadata.price),
    stripePriceIds: items.map((item) => idOf(item.price)).filter((id): id is string => id !== null),
    currentPeriodEnd: firstDate(periodEnds),
  };
}

export interface InvoiceFacts {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  workspaceId: string | null;
  priceKey: string | null;
  stripePriceIds: string[];
  periodEnd: Date | null;
}

export function readInvoice(object: unknown): InvoiceFacts {
  const invoice = record(object);
  const details = record(record(invoice.parent).subscription_details);
  const legacyDetails = record(invoice.subscription_details);
  const metadata = { ...metadataOf(legacyDetails), ...metadataOf(details) };
  const lines = arrayOf(record(invoice.lines).data).map(record);
  const priceIds = lines.map(
    (line) => idOf(line.price) ?? idOf(record(record(line.pricing).price_details).price),
  );
  const lineEnds = lines.map((line) => record(line.period).end);
  return {
    id: String(invoice.id),
    customerId: idOf(invoice.customer),
    subscriptionId: idOf(details.subscription) ?? idOf(invoice.subscription),
    workspaceId: text(metadata.workspace_id),
    priceKey: text(metadata.price),
    stripePriceIds: priceIds.filter((id): id is string => id !== null),
    periodEnd: firstDate(lineEnds),
  };
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function firstDate(unixSeconds: unknown[]): Date | null {
  const found = unixSeconds.find((value) => typeof value === 'number' && Number.isFinite(value));
  return typeof found === 'number' ? new Date(found * 1000) : null;
}
