import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findIndustry, INDUSTRIES, type Industry } from '../../shared/platform/industries';
import { industryReport, PreferenceRequest, type Preference } from '../../shared/platform/preferences';
import { PreferenceSearchQuery } from '../../shared/platform/search';
import type { SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { parseInput } from '../input';
import { searchPreferences, updatePreference } from './changes';
import type { PreferenceService } from './service';

export const PreferenceParams = z.object({ id: z.string().min(1) });

const industryNames = INDUSTRIES.map((industry) => industry.id).join(', ');

/** `X-Sandbox-Industry` or `?industry=`: ask for an industry_report with the answer. */
function requestedIndustry(request: FastifyRequest): Industry | undefined {
  const header = request.headers['x-sandbox-industry'];
  const query = (request.query as Record<string, unknown> | undefined)?.['industry'];
  const text = (Array.isArray(header) ? header[0] : header) ?? (typeof query === 'string' ? query : undefined);
  if (text === undefined || text.trim() === '') return undefined;
  const industry = findIndustry(text);
  if (industry === undefined) {
    throw new SandboxError(400, 'bad_request', 'unknown industry', [
      { code: 'property_value', description: `X-Sandbox-Industry must be one of: ${industryNames} (or their names, e.g. "Home & deco")` },
    ]);
  }
  return industry;
}

function withReport(preference: Preference, industry: Industry | undefined): Preference {
  if (industry === undefined) return preference;
  return { ...preference, industry_report: industryReport(industry, preference) };
}

/** Spec 4.2 and 2.4–2.5: create, read, update and search checkout preferences, with industry data. */
export function registerPreferences(app: FastifyInstance, context: SandboxContext, preferences: PreferenceService): void {
  app.post('/checkout/preferences', { schema: { tags: ['checkout'], summary: 'Create a checkout preference (spec 2.4, 2.5, 4.2)' } }, (request, reply) => {
    const principal = context.authenticate(request);
    const industry = requestedIndustry(request);
    const body = parseInput(PreferenceRequest, request.body, 'invalid preference');
    const preference = preferences.create(principal, body, context.baseUrlFor(request));
    return reply.code(201).send(withReport(preference, industry));
  });

  app.get(
    '/checkout/preferences/search',
    {
      schema: { tags: ['checkout'], summary: "Search the caller's preferences (external_reference, site_id, offset, limit)" },
      config: { documented: { querystring: PreferenceSearchQuery } },
    },
    (request) => {
      const principal = context.authenticate(request);
      const query = parseInput(PreferenceSearchQuery, request.query, 'invalid search', 'query');
      return searchPreferences(preferences.store, principal, query);
    },
  );

  app.put(
    '/checkout/preferences/:id',
    {
      schema: { tags: ['checkout'], summary: 'Update a checkout preference: the members sent replace the stored ones' },
      config: { documented: { params: PreferenceParams } },
    },
    (request) => {
      const principal = context.authenticate(request);
      const industry = requestedIndustry(request);
      const { id } = parseInput(PreferenceParams, request.params, 'invalid path', 'path');
      return withReport(updatePreference(preferences, principal, id, request.body, new Date(context.clock.now()).toISOString()), industry);
    },
  );

  app.get('/checkout/preferences/:id', { schema: { tags: ['checkout'], summary: 'Get a checkout preference' } }, (request) => {
    const principal = context.authenticate(request);
    const industry = requestedIndustry(request);
    const { id } = parseInput(PreferenceParams, request.params, 'invalid path', 'path');
    return withReport(preferences.ownRecord(principal, id).preference, industry);
  });
}
