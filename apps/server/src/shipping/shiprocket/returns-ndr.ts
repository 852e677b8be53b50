import { z } from 'zod';
import { ShiprocketError, type ShiprocketClient, type ShiprocketOrderItem } from './client.js';

// Shiprocket's NDR action and return orders (issue 42, continued), as its collection documents them
// (api-evangelist/shiprocket: openapi/shiprocket-ndr-api-openapi.yml, shiprocket-return-exchange-orders-api-openapi.yml;
// the parts used are copied into openapi.json beside this file).

const id = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

/** `POST ndr/{awb}/action` answers 202 `{status: "Data Updated Sucessfully"}` (sic). */
const ndrActionSchema = z.object({ status: z.string() });

/**
 * POST /ndr/{awb}/action: `action` 're-attempt' (or 'return', which starts return to origin and has no undo: the shop
 * never sends it) with the owner's `comments`; both required.
 */
export async function ndrReattempt(client: ShiprocketClient, awb: string, comments: string): Promise<string> {
  const answer = await client.request('POST', `/ndr/${encodeURIComponent(awb)}/action`, ndrActionSchema, {
    action: 're-attempt',
    comments,
  });
  return answer.status;
}

/** `orders/create/return`'s required fields: the shopper is the pickup, the shop the shipping address. */
export interface ReturnOrderInput {
  /** The shop's return id (`<order number>-R`), at most 50 characters. */
  order_id: string;
  /** yyyy-mm-dd (time optional) */
  order_date: string;
  pickup_customer_name: string;
  pickup_last_name?: string;
  pickup_address: string;
  pickup_address_2?: string;
  pickup_city: string;
  pickup_state: string;
  pickup_country: string;
  pickup_pincode: number;
  pickup_email: string;
  pickup_phone: string;
  shipping_customer_name: string;
  shipping_address: string;
  shipping_address_2?: string;
  shipping_city: string;
  shipping_country: string;
  shipping_pincode: number;
  shipping_state: string;
  shipping_email?: string;
  shipping_phone: number;
  order_items: ShiprocketOrderItem[];
  /** "This should always be prepaid." */
  payment_method: 'PREPAID';
  /** Rupees */
  sub_total: number;
  length: number;
  breadth: number;
  height: number;
  /** Kilograms */
  weight: number;
}

const createdReturnSchema = z.object({
  order_id: id,
  shipment_id: id,
  status: z.string().optional().catch(undefined),
  status_code: z.number().int().optional().catch(undefined),
});

const returnListSchema = z.object({
  data: z.array(
    z.object({
      id,
      channel_order_id: z.coerce.string(),
      shipment_id: id.nullish().catch(null),
      shipments: z.array(z.object({ awb: z.string().nullish().catch(null), courier: z.string().nullish().catch(null) })).catch([]),
    }),
  ),
});

/** POST /orders/create/return: the return order and its shipment. */
export async function createReturnOrder(
  client: ShiprocketClient,
  input: ReturnOrderInput,
): Promise<{ orderId: number; shipmentId: number }> {
  const created = await client.request('POST', '/orders/create/return', createdReturnSchema, input);
  return { orderId: created.order_id, shipmentId: created.shipment_id };
}

/**
 * GET /orders/processing/return: the return order made for the shop's return id, if any (looked up before a booking
 * and after one timed out: Shiprocket has no idempotency key). The list has no search: the latest 100 are read.
 */
export async function findReturnOrder(
  client: ShiprocketClient,
  returnId: string,
): Promise<{ orderId: number; shipmentId: number | null; awb: string | null; courier: string | null } | null> {
  const list = await client.request('GET', '/orders/processing/return?per_page=100', returnListSchema);
  const found = list.data.find((order) => order.channel_order_id === returnId);
  if (!found) return null;
  const shipment = found.shipments[0];
  return { orderId: found.id, shipmentId: found.shipment_id ?? null, awb: shipment?.awb || null, courier: shipment?.courier || null };
}

/** A return order that came back without a shipment: said as Shiprocket's fault, for the owner to retry. */
export const noReturnShipment = () =>
  new ShiprocketError(
    'invalid_response',
    'Shiprocket return order has no shipment',
    'GET /orders/processing/return',
    200,
    'The return order has no shipment',
  );
