import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AppError } from '../../../src/errors.js';
import { assertUnderPlanCap, describePlanCaps } from '../../../src/platform/shared/plan-caps.js';

const caps = { free: 0, studio: 20, enterprise: 100 };
const check = { caps, things: 'live API keys', freeOne: 'revoke one (DELETE /v1/api-keys/{id})' };

describe('plan caps', () => {
  it('lets a workspace under its cap through', () => {
    assertUnderPlanCap({ ...check, plan: 'studio', held: 19 });
  });

  it('suggests the next plan that holds more, and none past the top plan', () => {
    assert.throws(
      () => assertUnderPlanCap({ ...check, plan: 'studio', held: 20 }),
      (error: AppError) => {
        assert.equal(error.code, 'plan_limit_reached');
        assert.equal(error.status, 409);
        assert.deepEqual(
          { plan: error.extras.plan, limit: error.extras.limit, upgrade: error.extras.upgrade_plan },
          { plan: 'studio', limit: 20, upgrade: 'enterprise' },
        );
        assert.equal(
          error.detail,
          'This workspace holds 20 live API keys; the Studio plan allows 20. To add another, revoke one (DELETE /v1/api-keys/{id}) or upgrade to Enterprise (100) with POST /v1/billing/checkout.',
        );
        return true;
      },
    );
    assert.throws(
      () => assertUnderPlanCap({ ...check, plan: 'enterprise', held: 100 }),
      (error: AppError) => {
        assert.equal(error.extras.upgrade_plan, null);
        assert.equal(
          error.detail,
          'This workspace holds 100 live API keys; the Enterprise plan allows 100. To add another, revoke one (DELETE /v1/api-keys/{id}).',
        );
        return true;
      },
    );
  });

  it('describes the caps of the plans that allow any', () => {
    assert.equal(describePlanCaps(caps), 'Studio 20, Enterprise 100');
  });
});
