import type { PreferenceRequest } from '../../shared/platform/preferences';

/**
 * A validated preference as the platform answers it. Validation reads the spec's spellings (first_name,
 * identification_type…) and the official SDKs' (name, surname, identification.type|number) alike; the
 * answer uses the SDKs' spelling, the one their response types read, and fills the item members the
 * platform defaults (docs/decisions.md, "The sandbox and the official SDKs").
 */

type Item = PreferenceRequest['items'][number];
interface Fields {
  items: Item[];
  payer?: unknown;
}

const renamed = (source: Record<string, unknown>, from: string, to: string): void => {
  if (!(from in source)) return;
  if (source[to] === undefined) source[to] = source[from];
  delete source[from];
};

function platformPayer(payer: object): Record<string, unknown> {
  const answer: Record<string, unknown> = { ...(payer as Record<string, unknown>) };
  renamed(answer, 'first_name', 'name');
  renamed(answer, 'last_name', 'surname');
  const identification = answer['identification'];
  if (typeof identification === 'object' && identification !== null) {
    const copy: Record<string, unknown> = { ...(identification as Record<string, unknown>) };
    renamed(copy, 'identification_type', 'type');
    renamed(copy, 'identification_number', 'number');
    answer['identification'] = copy;
  }
  return answer;
}

export function platformFields<F extends Fields>(fields: F, currency: string): F {
  const items = fields.items.map((item): Item => ({
    ...item,
    id: item.id ?? '',
    category_id: item.category_id ?? '',
    currency_id: item.currency_id ?? currency,
    description: item.description ?? '',
  }));
  const payer = typeof fields.payer === 'object' && fields.payer !== null ? { payer: platformPayer(fields.payer) } : {};
  return { ...fields, items, ...payer };
}
