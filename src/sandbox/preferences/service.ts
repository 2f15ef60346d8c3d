import { randomUUID } from 'node:crypto';
import type { Preference, PreferenceRequest } from '../../shared/platform/preferences';
import { currencyOf, siteOf } from '../accounts';
import type { Principal, SandboxContext } from '../context';
import { notFound } from '../input';
import { platformFields } from './platform-shape';
import { PreferenceStore, type PreferenceRecord } from './store';

const iso = (ms: number): string => new Date(ms).toISOString();

/** Checkout preferences (spec 2.4, 2.5, 4.2): what a seller asks a buyer to pay, and the link to pay it. */
export class PreferenceService {
  readonly store = new PreferenceStore();

  constructor(private readonly context: SandboxContext) {}

  create(principal: Principal, body: PreferenceRequest, baseUrl: string): Preference {
    const id = `${principal.userId}-${randomUUID()}`;
    const assigned = {
      id,
      init_point: `${baseUrl}/checkout/pay/${encodeURIComponent(id)}`,
      sandbox_init_point: `${baseUrl}/checkout/pay/${encodeURIComponent(id)}?sandbox=true`,
      date_created: iso(this.context.clock.now()),
      collector_id: principal.userId,
      client_id: principal.clientId,
      site_id: siteOf(this.context.seed, principal.userId),
      operation_type: 'regular_payment',
    };
    const { industry_report: _ignored, ...sent } = body;
    const fields = platformFields(sent, this.currencyOf(principal));
    // Assigned fields first for a readable body, and again last so a body cannot override them.
    const preference: Preference = { ...assigned, ...fields, expires: body.expires ?? false, metadata: body.metadata ?? {}, ...assigned };
    this.store.add({ preference, live_mode: principal.liveMode });
    return preference;
  }

  /** The currency of the caller's site: what an item without currency_id is priced in. */
  currencyOf(principal: Principal): string {
    return currencyOf(this.context.seed, principal.userId);
  }

  /** The caller's own preference; another account's is answered as absent, so ids cannot be probed across accounts. */
  ownRecord(principal: Principal, id: string): PreferenceRecord {
    const record = this.store.get(id);
    if (record === undefined || record.preference.collector_id !== principal.userId) throw notFound('preference');
    return record;
  }

  isExpired(preference: Preference): boolean {
    if (preference.expires !== true || typeof preference.date_of_expiration !== 'string') return false;
    return Date.parse(preference.date_of_expiration) < this.context.clock.now();
  }
}
