import type { FastifyInstance } from 'fastify';
import { nicknameOf, siteOf } from '../accounts';
import type { SandboxContext } from '../context';
import { identificationTypesOf, methodsOf, paymentMethodView } from './sites';

const COUNTRY_OF_SITE: Readonly<Record<string, string>> = { MLA: 'AR', MLB: 'BR', MLM: 'MX', MLC: 'CL', MCO: 'CO', MPE: 'PE', MLU: 'UY' };

/** The caller's site catalogues and account: payment methods, identification types and `users/me`. */
export function registerCatalog(app: FastifyInstance, context: SandboxContext): void {
  app.get('/v1/payment_methods', { schema: { tags: ['payments'], summary: "The payment methods of the caller's site" } }, (request) => {
    const principal = context.authenticate(request);
    return methodsOf(siteOf(context.seed, principal.userId)).map(paymentMethodView);
  });

  app.get('/v1/identification_types', { schema: { tags: ['payments'], summary: "The identification document types of the caller's site" } }, (request) => {
    const principal = context.authenticate(request);
    return identificationTypesOf(siteOf(context.seed, principal.userId)).map((type) => ({ ...type }));
  });

  app.get('/users/me', { schema: { tags: ['oauth'], summary: 'The account the access token acts for' } }, (request) => {
    const principal = context.authenticate(request);
    return userView(context, principal.userId);
  });
}

function userView(context: SandboxContext, userId: number) {
  const user = context.seed.users.find((candidate) => candidate.user_id === userId);
  const site = siteOf(context.seed, userId);
  const nickname = nicknameOf(context.seed, userId);
  return {
    id: userId,
    nickname,
    registration_date: '2024-01-01T00:00:00.000-03:00',
    first_name: nickname,
    last_name: '',
    gender: '',
    country_id: COUNTRY_OF_SITE[site] ?? 'AR',
    email: user?.email ?? '',
    identification: { number: null, type: null },
    address: { address: null, city: null, state: null, zip_code: null },
    phone: { area_code: null, extension: '', number: null, verified: false },
    alternative_phone: { area_code: '', extension: '', number: '' },
    user_type: 'normal',
    tags: ['normal', 'test_user'],
    logo: null,
    points: 0,
    site_id: site,
    permalink: '',
    seller_experience: 'NEWBIE',
    bill_data: { accept_credit_note: null },
    seller_reputation: {
      level_id: null,
      power_seller_status: null,
      transactions: { total: 0, completed: 0, canceled: 0, period: 'historic', ratings: { positive: 0, neutral: 0, negative: 0 } },
    },
    buyer_reputation: {
      canceled_transactions: 0,
      tags: [],
      transactions: {
        total: null,
        completed: null,
        canceled: { total: null, paid: null },
        unrated: { total: null, paid: null },
        not_yet_rated: { total: null, paid: null, units: null },
        period: 'historic',
      },
    },
    status: {
      site_status: 'active',
      list: { allow: true, codes: [], immediate_payment: { required: false, reasons: [] } },
      buy: { allow: true, codes: [] },
      sell: { allow: true, codes: [] },
      billing: { allow: true, codes: [] },
      mercadopago_tc_accepted: true,
      mercadopago_account_type: 'personal',
      mercadoenvios: 'not_accepted',
      immediate_payment: false,
      confirmed_email: true,
      user_type: 'eventual',
      required_action: '',
    },
    secure_email: user?.email ?? '',
    company: { brand_name: null, city_tax_id: null, corporate_name: null, identification: null, state_tax_id: null, cust_type_id: null, soft_descriptor: null },
    credit: { consumed: 0, credit_level_id: 'MLA5', rank: 'newbie' },
    context: { ip_address: '127.0.0.1', source: 'sandbox' },
    registration_identifiers: [],
  };
}
