import { z } from 'zod';
import type { Principal, SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { notFound } from '../input';
import { payerIdOf } from '../payments/payment';
import { randomHex } from '../random-id';
import { SUBSCRIPTION_LIFECYCLE } from './lifecycle';
import {
  Plan,
  Preapproval,
  type PlanRequest,
  type PlanUpdateRequest,
  type PreapprovalRequest,
  type PreapprovalUpdateRequest,
  type SubscriptionSearchQuery,
} from './schemas';

const DAY = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString();

const SavedSubscriptions = z.object({ preapprovals: z.array(Preapproval), plans: z.array(Plan) });

/** Subscriptions and plans of every account; `--state` keeps them (slice `subscriptions`). */
export class SubscriptionService {
  private readonly preapprovals = new Map<string, Preapproval>();
  private readonly plans = new Map<string, Plan>();

  constructor(private readonly context: SandboxContext) {}

  private now(): number {
    return this.context.clock.now();
  }

  private nextPaymentDate(from: number, recurring: { frequency: number; frequency_type: string }): string {
    return iso(from + recurring.frequency * (recurring.frequency_type === 'months' ? 30 : 1) * DAY);
  }

  createPreapproval(principal: Principal, input: z.output<typeof PreapprovalRequest>, baseUrl: string): Preapproval {
    const plan = input.preapproval_plan_id === undefined ? undefined : this.plan(principal, input.preapproval_plan_id);
    const recurring = input.auto_recurring ?? plan?.auto_recurring;
    if (recurring === undefined) {
      throw new SandboxError(400, 'bad_request', 'invalid subscription', [
        { code: 'required_properties', description: 'auto_recurring is required without preapproval_plan_id' },
      ]);
    }
    const now = this.now();
    const id = randomHex(16);
    const preapproval: Preapproval = {
      id,
      payer_id: Number(payerIdOf(input.payer_email)),
      payer_email: input.payer_email,
      collector_id: principal.userId,
      application_id: Number(principal.clientId),
      status: input.status ?? 'pending',
      reason: input.reason,
      external_reference: input.external_reference ?? '',
      back_url: input.back_url,
      init_point: `${baseUrl}/subscriptions/checkout?preapproval_id=${id}`,
      auto_recurring: structuredClone(recurring),
      preapproval_plan_id: plan?.id ?? null,
      date_created: iso(now),
      last_modified: iso(now),
      next_payment_date: this.nextPaymentDate(now, recurring),
    };
    this.preapprovals.set(id, preapproval);
    if (plan !== undefined) plan.subscribed += 1;
    return preapproval;
  }

  preapproval(principal: Principal, id: string): Preapproval {
    const found = this.preapprovals.get(id);
    if (found === undefined || found.collector_id !== principal.userId) throw notFound('preapproval');
    return found;
  }

  updatePreapproval(principal: Principal, id: string, input: z.output<typeof PreapprovalUpdateRequest>): Preapproval {
    const found = this.preapproval(principal, id);
    if (input.status !== undefined && input.status !== found.status) {
      const check = SUBSCRIPTION_LIFECYCLE.check(found.status, 'update', input.status);
      if (!check.ok)
        throw new SandboxError(400, 'bad_request', `Cannot move a ${found.status} subscription to ${input.status}`, [
          { code: 'invalid_status', description: check.reason },
        ]);
      found.status = input.status;
    }
    if (input.reason !== undefined) found.reason = input.reason;
    if (input.external_reference !== undefined) found.external_reference = input.external_reference;
    if (input.back_url !== undefined) found.back_url = input.back_url;
    if (input.auto_recurring !== undefined) found.auto_recurring = { ...found.auto_recurring, ...input.auto_recurring };
    found.last_modified = iso(this.now());
    return found;
  }

  searchPreapprovals(principal: Principal, query: SubscriptionSearchQuery) {
    const found = [...this.preapprovals.values()]
      .filter((item) => item.collector_id === principal.userId)
      .filter((item) => query.payer_id === undefined || item.payer_id === query.payer_id)
      .filter((item) => query.payer_email === undefined || item.payer_email === query.payer_email)
      .filter((item) => query.status === undefined || item.status === query.status)
      .filter((item) => query.external_reference === undefined || item.external_reference === query.external_reference)
      .filter((item) => query.preapproval_plan_id === undefined || item.preapproval_plan_id === query.preapproval_plan_id)
      .sort((a, b) => (a.date_created < b.date_created ? 1 : -1));
    return paged(found, query);
  }

  createPlan(principal: Principal, input: z.output<typeof PlanRequest>, baseUrl: string): Plan {
    const now = this.now();
    const id = randomHex(16);
    const plan: Plan = {
      id,
      status: 'active',
      reason: input.reason,
      back_url: input.back_url,
      collector_id: principal.userId,
      application_id: Number(principal.clientId),
      init_point: `${baseUrl}/subscriptions/checkout?preapproval_plan_id=${id}`,
      auto_recurring: structuredClone(input.auto_recurring),
      date_created: iso(now),
      last_modified: iso(now),
      subscribed: 0,
    };
    this.plans.set(id, plan);
    return plan;
  }

  plan(principal: Principal, id: string): Plan {
    const found = this.plans.get(id);
    if (found === undefined || found.collector_id !== principal.userId) throw notFound('preapproval_plan');
    return found;
  }

  updatePlan(principal: Principal, id: string, input: z.output<typeof PlanUpdateRequest>): Plan {
    const found = this.plan(principal, id);
    if (found.status === 'cancelled' && input.status !== 'cancelled' && input.status !== undefined) {
      throw new SandboxError(400, 'bad_request', 'A cancelled plan cannot be reactivated', [
        { code: 'invalid_status', description: 'a plan in cancelled cannot move to active' },
      ]);
    }
    if (input.status !== undefined) found.status = input.status;
    if (input.reason !== undefined) found.reason = input.reason;
    if (input.back_url !== undefined) found.back_url = input.back_url;
    if (input.auto_recurring !== undefined) found.auto_recurring = { ...found.auto_recurring, ...input.auto_recurring };
    found.last_modified = iso(this.now());
    return found;
  }

  searchPlans(principal: Principal, query: SubscriptionSearchQuery) {
    const found = [...this.plans.values()]
      .filter((plan) => plan.collector_id === principal.userId)
      .filter((plan) => query.status === undefined || plan.status === query.status)
      .filter((plan) => query.q === undefined || plan.reason.toLowerCase().includes(query.q.toLowerCase()))
      .sort((a, b) => (a.date_created < b.date_created ? 1 : -1));
    return paged(found, query);
  }

  /** A subscription or plan by id alone, for its public page. */
  forPage(preapprovalId: string, planId: string): Preapproval | Plan | undefined {
    return this.preapprovals.get(preapprovalId) ?? this.plans.get(planId);
  }

  save(): z.infer<typeof SavedSubscriptions> {
    return structuredClone({ preapprovals: [...this.preapprovals.values()], plans: [...this.plans.values()] });
  }

  load(data: unknown): void {
    const saved = SavedSubscriptions.parse(data);
    this.reset();
    for (const item of saved.preapprovals) this.preapprovals.set(item.id, item);
    for (const plan of saved.plans) this.plans.set(plan.id, plan);
  }

  reset(): void {
    this.preapprovals.clear();
    this.plans.clear();
  }
}

function paged<T>(found: T[], query: SubscriptionSearchQuery) {
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 30;
  return { paging: { offset, limit, total: found.length }, results: found.slice(offset, offset + limit) };
}
