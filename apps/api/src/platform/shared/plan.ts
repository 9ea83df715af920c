// The plans a workspace can be on: a fact the platform's caps, locks and limits read as well as
// the features, so it lives below both (billing/billing-catalogue.ts says what each plan holds).
export type Plan = 'free' | 'studio' | 'enterprise';
