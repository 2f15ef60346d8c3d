import type { IndustryId } from '../../shared/platform/industries';

/**
 * One complete preference per industry of spec 2.5, shaped like the spec's samples: the shared 2.4 body
 * plus every field the industry recommends. Some use the samples' own spellings (payer name/surname,
 * `registration date`, passenger type/number), which the sandbox accepts and normalizes.
 */

const common = {
  auto_return: 'approved',
  back_urls: { success: 'https://shop.example/ok', pending: 'https://shop.example/pending', failure: 'https://shop.example/fail' },
  notification_url: 'https://shop.example/ipn',
  expires: false,
  external_reference: 'ORDER-1042',
  date_of_expiration: '2026-12-31T23:59:59.000-03:00',
  payment_methods: {
    excluded_payment_methods: [{ id: 'amex' }],
    excluded_payment_types: [{ id: 'ticket' }],
    default_installments: null,
    default_payment_method_id: null,
    installments: null,
  },
};

const identity = {
  identification: { identification_type: 'DNI', identification_number: '30123456' },
  phone: { area_code: 11, number: 44445555 },
  authentication_type: 'Gmail',
  is_prime_user: true,
  is_first_purchase_online: false,
  last_purchase: '2025-12-01T18:30:00.000-03:00',
  email: 'buyer@example.com',
  date_created: '2023-03-10T12:00:00.000-03:00',
};

const address = { zip_code: '1414', street_name: 'Av. Corrientes', street_number: 1234 };

/** Documented spellings. */
const payer = { first_name: 'Ana', last_name: 'Gómez', registration_date: '2023-03-10T12:00:00.000-03:00', address, ...identity };
/** The spec samples' spellings. */
const samplePayer = { name: 'Ana', surname: 'Gómez', 'registration date': '2023-03-10T12:00:00.000-03:00', address, ...identity };

const receiver = { zip_code: '1414', state_name: 'Buenos Aires', city_name: 'CABA', street_number: 1234 };
const receiverWithFloor = { ...receiver, floor: '3', apartment: 'B' };

const base = (id: string, title: string, categoryId: string, unitPrice: number) => ({
  id,
  title,
  category_id: categoryId,
  quantity: 1,
  unit_price: unitPrice,
  currency_id: 'ARS',
});

export const INDUSTRY_SAMPLES: Readonly<Record<IndustryId, Record<string, unknown>>> = {
  apparel: {
    ...common,
    items: [
      {
        ...base('SKU-TSHIRT-M', 'T-shirt', 'fashion', 8999.5),
        type: 'clothing',
        description: 'Cotton t-shirt, size M',
        picture_url: 'https://shop.example/tshirt.png',
      },
    ],
    payer,
    shipments: { mode: 'not_specified', receiver_address: receiver, express_shipment: false },
  },
  electro: {
    ...common,
    items: [{ ...base('SKU-TV-55', 'Smart TV 55"', 'electronics', 650000), warranty: true }],
    payer: samplePayer,
    shipments: { mode: 'not_specified', local_pickup: false, receiver_address: receiver, express_shipment: true },
  },
  entertainment: {
    ...common,
    items: [{ ...base('TICKET-A12', 'Concert ticket', 'entertainment', 45000), category_descriptor: { event_date: '2026-03-20T21:00:00.000-03:00' } }],
    payer: { name: 'Ana', surname: 'Gómez', 'registration date': '2023-03-10T12:00:00.000-03:00', ...identity },
    shipments: { mode: 'not_specified', receiver_address: receiver, express_shipment: false },
  },
  home_and_deco: {
    ...common,
    items: [{ ...base('SKU-LAMP', 'Floor lamp', 'home', 52000), description: 'Floor lamp, oak', warranty: true }],
    payer,
    shipments: { mode: 'not_specified', receiver_address: receiver, express_shipment: false },
  },
  applications_and_online_platforms: {
    ...common,
    items: [base('PLAN-PRO', 'Pro plan, 1 month', 'services', 9900)],
    payer,
  },
  retail: {
    ...common,
    items: [{ ...base('SKU-MUG', 'Mug', 'others', 3500), description: 'Ceramic mug', picture_url: 'https://shop.example/mug.png' }],
    payer,
    shipments: { mode: 'not_specified', receiver_address: receiver, express_shipment: true },
  },
  government_and_public_services: {
    ...common,
    items: [
      {
        ...base('FEE-2026-01', 'Vehicle tax', 'services', 18000),
        description: 'First instalment 2026',
        category_descriptor: { event_date: '2026-02-10T00:00:00.000-03:00' },
      },
    ],
    payer,
    shipments: { mode: 'not_specified', receiver_address: receiver },
  },
  tourism: {
    ...common,
    items: [
      {
        ...base('FLIGHT-AEP-MDZ', 'Flight Buenos Aires - Mendoza', 'travels', 120000),
        description: 'One way, economy',
        category_descriptor: {
          passenger: { first_name: 'Ana', last_name: 'Gómez', type: 'DNI', number: '30123456' },
          route: {
            departure: 'AEP',
            destination: 'MDZ',
            departure_date_time: '2026-04-02T08:15:00.000-03:00',
            arrival_date_time: '2026-04-02T10:05:00.000-03:00',
            company: 'Sandbox Air',
          },
        },
      },
    ],
    payer: samplePayer,
  },
  hospitality: {
    ...common,
    items: [
      {
        ...base('ROOM-204', 'Double room, 2 nights', 'travels', 98000),
        category_descriptor: {
          event_date: '2026-05-14T14:00:00.000-03:00',
          passenger: { first_name: 'Ana', last_name: 'Gómez', identification_type: 'DNI', identification_number: '30123456' },
        },
      },
    ],
    payer,
  },
  utilities: {
    ...common,
    items: [base('BILL-ELEC-0126', 'Electricity bill, January', 'services', 23500.75)],
    payer,
  },
  direct_sale: {
    ...common,
    items: [{ ...base('SKU-CREAM', 'Face cream', 'others', 12500), description: 'Catalogue item 77' }],
    payer,
    shipments: { mode: 'not_specified', receiver_address: receiverWithFloor, local_pickup: false },
  },
  automobiles_and_nautical: {
    ...common,
    items: [{ ...base('SKU-TIRE-R15', 'Tyre R15', 'others', 110000), description: 'All-season tyre' }],
    payer: { ...payer, is_prime_user: undefined },
    shipments: { mode: 'not_specified', receiver_address: receiverWithFloor, local_pickup: true },
  },
  urban_transport: {
    ...common,
    items: [{ ...base('CARD-TOPUP', 'Transit card top-up', 'services', 2000), description: 'Top-up of card 6061' }],
    payer,
  },
};
