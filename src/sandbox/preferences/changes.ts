import type { Preference } from '../../shared/platform/preferences';
import { PreferenceRequest } from '../../shared/platform/preferences';
import { page, type PreferenceSearchQuery, type PreferenceSearchResponse, type PreferenceSummary } from '../../shared/platform/search';
import type { Principal } from '../context';
import { parseInput } from '../input';
import { platformFields } from './platform-shape';
import type { PreferenceService } from './service';
import type { PreferenceRecord, PreferenceStore } from './store';

/**
 * PUT /checkout/preferences/{id} and GET /checkout/preferences/search, as the official SDKs call them
 * (docs/decisions.md, "Sandbox search").
 */

/** Fields the platform assigns: an update cannot change them, whatever its body says. */
const ASSIGNED = ['id', 'init_point', 'sandbox_init_point', 'date_created', 'collector_id', 'client_id', 'site_id', 'operation_type'] as const;

/**
 * An update replaces the top-level members it sends and keeps the others; the result is validated as a
 * whole, as a create is (so `auto_return` still needs `back_urls.success`).
 */
export function updatePreference(preferences: PreferenceService, principal: Principal, id: string, body: unknown, now: string): Preference {
  const record = preferences.ownRecord(principal, id);
  const current: Record<string, unknown> = { ...record.preference };
  for (const key of [...ASSIGNED, 'industry_report', 'last_updated']) delete current[key];
  // A body that is not an object goes to the schema as it is, so its answer names the type error.
  const merged = typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...current, ...(body as Record<string, unknown>) } : body;
  const request = parseInput(PreferenceRequest, merged, 'invalid preference');
  const { industry_report: _ignored, ...sent } = request;
  const fields = platformFields(sent, preferences.currencyOf(principal));
  const { id: keptId, init_point, sandbox_init_point, date_created, collector_id, client_id, site_id, operation_type } = record.preference;
  const assigned = { id: keptId, init_point, sandbox_init_point, date_created, collector_id, client_id, site_id, operation_type };
  const updated: Preference = { ...assigned, ...fields, expires: request.expires ?? false, metadata: request.metadata ?? {}, ...assigned, last_updated: now };
  record.preference = updated;
  return updated;
}

function summary(record: PreferenceRecord): PreferenceSummary {
  const { preference } = record;
  const email = preference.payer?.['email'];
  return {
    id: preference.id,
    client_id: preference.client_id,
    collector_id: preference.collector_id,
    date_created: preference.date_created,
    last_updated: typeof preference['last_updated'] === 'string' ? preference['last_updated'] : preference.date_created,
    expires: preference.expires ?? false,
    expiration_date_to: preference.date_of_expiration ?? null,
    external_reference: preference.external_reference ?? '',
    items: preference.items.map((item) => item.title),
    live_mode: record.live_mode,
    marketplace: 'NONE',
    operation_type: preference.operation_type ?? 'regular_payment',
    payer_email: typeof email === 'string' ? email : '',
    site_id: preference.site_id ?? '',
    shipping_mode: typeof preference.shipments?.['mode'] === 'string' ? preference.shipments['mode'] : 'not_specified',
    // The platform's marketplace sponsor; 0 when none was set, as the SDKs read a number.
    sponsor_id: typeof preference['sponsor_id'] === 'number' ? preference['sponsor_id'] : 0,
  };
}

/** The caller's preferences, newest first. */
export function searchPreferences(store: PreferenceStore, principal: Principal, query: PreferenceSearchQuery): PreferenceSearchResponse {
  const found = store
    .all()
    .filter((record) => record.preference.collector_id === principal.userId)
    .filter((record) => query.external_reference === undefined || record.preference.external_reference === query.external_reference)
    .filter((record) => query.site_id === undefined || record.preference.site_id === query.site_id)
    // Every sandbox preference is outside a marketplace.
    .filter(() => query.marketplace === undefined || query.marketplace === 'NONE')
    .sort((a, b) => (a.preference.date_created < b.preference.date_created ? 1 : a.preference.date_created > b.preference.date_created ? -1 : 0))
    .map(summary);
  const { items, offset, total } = page(found, query);
  return { elements: items, next_offset: offset + items.length, total };
}
