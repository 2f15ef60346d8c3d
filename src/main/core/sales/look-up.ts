import type { PointOrder } from '../../../shared/platform/orders';
import type { SaleRecord } from '../history/records/terminal-sale';
import type { OrdersClient } from '../platform/orders-client';

/** The Orders API searches at most 30 days at a time; a little less, so the platform's own clock never refuses it. */
const SEARCH_SPAN_MS = 30 * 24 * 60 * 60_000 - 60_000;
/** From a little before the sale was written: the platform's clock may run behind the counter's. */
const CLOCK_MARGIN_MS = 60 * 60_000;

/**
 * The order a sale's create made, if it made one: looked up by the sale's external reference (`GET
 * /v1/orders`), which only this sale carries. Used instead of a resend once the create's key may be
 * forgotten (creates/resend-rule.ts), so a sale whose answer was lost a day ago is adopted, never made twice.
 */
export async function findOrderOf(
  orders: OrdersClient,
  sale: Pick<SaleRecord, 'externalReference' | 'createdAt'>,
  now: number,
): Promise<PointOrder | undefined> {
  const begin = Math.max(Date.parse(sale.createdAt) - CLOCK_MARGIN_MS, now - SEARCH_SPAN_MS);
  const found = await orders.search({
    begin_date: new Date(begin).toISOString(),
    end_date: new Date(now).toISOString(),
    external_reference: sale.externalReference,
    page_size: 10,
  });
  // The reference is the sale's own: more than one order under it would be the double charge this prevents.
  return found.data.filter((order) => order.external_reference === sale.externalReference).sort((a, b) => a.created_date.localeCompare(b.created_date))[0];
}
