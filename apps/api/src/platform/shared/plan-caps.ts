// The one refusal for "this workspace already holds as many as its plan allows" (API keys, webhook
// endpoints): 409 plan_limit_reached naming the plan, its cap, how to free one and the plan that
// holds more. The caps themselves are plan facts (billing/billing-catalogue.ts WORKSPACE_CAPS),
// handed to each feature by the composition root.
import { AppError } from '../../errors.js';
import type { Plan } from './plan.js';

/** How many of a thing one workspace may hold at once, by plan. */
export type PlanCaps = Record<Plan, number>;

const PLANS_IN_ORDER: readonly Plan[] = ['free', 'studio', 'enterprise'];
const PLAN_NAMES: Record<Plan, string> = { free: 'Free', studio: 'Studio', enterprise: 'Enterprise' };

/**
 * Throws plan_limit_reached when the workspace holds `held` of `things` (plural) and its plan
 * allows no more; `freeOne` says how to give one up, e.g. "revoke one (DELETE /v1/api-keys/{id})".
 */
export function assertUnderPlanCap(check: {
  plan: Plan;
  caps: PlanCaps;
  held: number;
  things: string;
  freeOne: string;
}): void {
  const limit = check.caps[check.plan];
  if (check.held < limit) return;
  const upgrade = PLANS_IN_ORDER.slice(PLANS_IN_ORDER.indexOf(check.plan) + 1).find(
    (plan) => check.caps[plan] > limit,
  );
  const upgradeText = upgrade
    ? ` or upgrade to ${PLAN_NAMES[upgrade]} (${check.caps[upgrade]}) with POST /v1/billing/checkout`
    : '';
  throw new AppError(
    'plan_limit_reached',
    `This workspace holds ${check.held} ${check.things}; the ${PLAN_NAMES[check.plan]} plan allows ${limit}. ` +
      `To add another, ${check.freeOne}${upgradeText}.`,
    { plan: check.plan, limit, upgrade_plan: upgrade ?? null },
  );
}

/** The caps as documentation text, e.g. "Studio 20, Enterprise 100" (plans that allow none left out). */
export function describePlanCaps(caps: PlanCaps): string {
  return PLANS_IN_ORDER.filter((plan) => caps[plan] > 0)
    .map((plan) => `${PLAN_NAMES[plan]} ${caps[plan]}`)
    .join(', ');
}
