import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EmulatedShipment } from './emulator.js';

// The emulator's return orders and NDR actions (issue 42, continued), as Shiprocket's collection documents them:
// POST orders/create/return (its required fields, 422 in Laravel's words, "The order id has already been taken."),
// GET orders/processing/return (the documented list), and POST ndr/{awb}/action (`action` and `comments` required;
// 202 {"status": "Data Updated Sucessfully"}). Registered from emulator.ts inside its authenticated scope.

/** The fields the collection marks required for orders/create/return. */
export const RETURN_REQUIRED = [
  'order_id',
  'order_date',
  'pickup_customer_name',
  'pickup_address',
  'pickup_city',
  'pickup_state',
  'pickup_country',
  'pickup_pincode',
  'pickup_email',
  'pickup_phone',
  'shipping_customer_name',
  'shipping_address',
  'shipping_city',
  'shipping_country',
  'shipping_pincode',
  'shipping_state',
  'shipping_phone',
  'order_items',
  'payment_method',
  'sub_total',
  'length',
  'breadth',
  'height',
  'weight',
] as const;

/** The actions the NDR call takes (the collection's "Reattempt and RTO"). */
export const NDR_ACTIONS = ['re-attempt', 'return'] as const;

export interface NdrActionTaken {
  awb: string;
  action: string;
  comments: string;
}

export interface ReturnsAndNdrState {
  shipments: Map<number, EmulatedShipment>;
  newIds: () => { orderId: number; shipmentId: number };
  now: () => Date;
  istDateTime: (at: Date) => string;
  pickupLocation: string;
  ndrActions: NdrActionTaken[];
}

const textOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const missing = (value: unknown) => value === undefined || value === null || value === '';
const words = (field: string) => field.replaceAll('_', ' ');
const invalid = (reply: FastifyReply, errors: Record<string, string[]>) =>
  reply.status(422).send({ message: 'Oops! Invalid Data.', errors, status_code: 422 });

/** Checks an orders/create/return body as the collection's parameter table describes it; field → sentences. */
export function returnErrors(body: Record<string, unknown>, taken: (orderId: string) => boolean): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, sentence: string) => (errors[field] ??= []).push(sentence);
  for (const field of RETURN_REQUIRED) if (missing(body[field])) add(field, `The ${words(field)} field is required.`);
  if (textOf(body.order_id).length > 50) add('order_id', 'The order id may not be greater than 50 characters.');
  if (!missing(body.order_id) && taken(textOf(body.order_id))) add('order_id', 'The order id has already been taken.');
  for (const field of ['pickup_pincode', 'shipping_pincode'] as const) {
    if (!missing(body[field]) && !/^[1-9]\d{5}$/.test(textOf(body[field]))) add(field, `The ${words(field)} must be 6 digits.`);
  }
  for (const field of ['pickup_phone', 'shipping_phone'] as const) {
    if (!missing(body[field]) && !/^\d{10}$/.test(textOf(body[field]))) add(field, `The ${words(field)} must be 10 digits.`);
  }
  if (!missing(body.payment_method) && textOf(body.payment_method).toLowerCase() !== 'prepaid') {
    add('payment_method', 'The payment method of a return order must be prepaid.');
  }
  if (!missing(body.order_items) && (!Array.isArray(body.order_items) || body.order_items.length === 0)) {
    add('order_items', 'The order items must be a list of at least one item.');
  }
  for (const dimension of ['length', 'breadth', 'height'] as const) {
    if (!missing(body[dimension]) && !(Number(body[dimension]) > 0.5))
      add(dimension, `The ${dimension} must be more than 0.5 (centimetres).`);
  }
  if (!missing(body.weight) && !(Number(body.weight) > 0)) add('weight', 'The weight must be more than 0 (kilograms).');
  return errors;
}

export function registerReturnsAndNdr(scope: FastifyInstance, state: ReturnsAndNdrState): void {
  const { shipments } = state;
  const all = () => [...shipments.values()];

  scope.post('/orders/create/return', { schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const errors = returnErrors(body, (orderId) => all().some((shipment) => shipment.channelOrderId === orderId));
    if (Object.keys(errors).length > 0) return invalid(reply, errors);
    const ids = state.newIds();
    const shipment: EmulatedShipment = {
      id: ids.shipmentId,
      orderId: ids.orderId,
      channelOrderId: textOf(body.order_id),
      customerName: `${textOf(body.pickup_customer_name)} ${textOf(body.pickup_last_name)}`.trim(),
      // A return travels to the shop: its delivery is the shipping address.
      deliveryCity: textOf(body.shipping_city),
      paymentMethod: 'Prepaid',
      subTotal: Number(body.sub_total),
      weight: Number(body.weight),
      deliveryPincode: textOf(body.shipping_pincode),
      createdAt: state.now(),
      awb: null,
      courierId: null,
      pickupScheduled: null,
      manifested: false,
      scans: [],
      statusId: 21,
      isReturn: true,
      returnItems: (body.order_items as { name?: unknown; units?: unknown }[]).map((item) => ({
        name: textOf(item?.name),
        units: Number(item?.units),
      })),
      pickupPincode: textOf(body.pickup_pincode),
    };
    shipments.set(shipment.id, shipment);
    return { order_id: shipment.orderId, shipment_id: shipment.id, status: 'RETURN PENDING', status_code: 21, company_name: 'shiprocket' };
  });

  scope.get('/orders/processing/return', { schema: { hide: true } }, async () => {
    const returns = all()
      .filter((shipment) => shipment.isReturn)
      .reverse();
    return {
      data: returns.map((shipment) => ({
        id: shipment.orderId,
        channel_id: 76_893,
        channel_name: 'CUSTOM',
        base_channel_code: 'CS',
        channel_order_id: shipment.channelOrderId,
        customer_name: shipment.customerName,
        customer_email: '',
        customer_phone: '',
        customer_pincode: shipment.pickupPincode ?? '',
        pickup_code: shipment.pickupPincode ?? '',
        pickup_location: state.pickupLocation,
        payment_status: '',
        total: shipment.subTotal.toFixed(2),
        expedited: 0,
        sla: '2 days',
        shipping_method: 'SR',
        status: shipment.awb ? 'RETURN SCHEDULED' : 'RETURN PENDING',
        status_code: shipment.statusId ?? 21,
        payment_method: 'prepaid',
        is_international: 0,
        purpose_of_shipment: 0,
        channel_created_at: state.istDateTime(shipment.createdAt),
        created_at: state.istDateTime(shipment.createdAt),
        products: (shipment.returnItems ?? []).map((item, index) => ({
          id: shipment.id * 100 + index,
          name: item.name,
          channel_sku: '',
          channel_order_product_id: String(shipment.id * 100 + index),
          quantity: item.units,
          product_id: shipment.id * 100 + index,
          sku: '',
          custom_field: '',
          custom_field_value: '',
          status: 'UNDEFINED',
          hsn: '',
        })),
        delivery_code: shipment.deliveryPincode,
        cod: 0,
        shipment_id: shipment.id,
        in_queue: 0,
        shipments: [
          {
            isd_code: '+91',
            courier: '',
            sr_courier_id: shipment.courierId === null ? '' : String(shipment.courierId),
            weight: String(shipment.weight),
            length: '',
            breadth: '',
            height: '',
            volumetric_weight: 0,
            awb: shipment.awb ?? '',
          },
        ],
      })),
      meta: {
        pagination: { total: returns.length, count: returns.length, per_page: 100, current_page: 1, total_pages: 1, links: {} },
      },
    };
  });

  scope.post('/ndr/:awb/action', { schema: { hide: true } }, async (request, reply) => {
    const awb = (request.params as { awb: string }).awb;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    for (const field of ['action', 'comments'] as const) {
      if (typeof body[field] !== 'string' || (field === 'action' && body[field] === ''))
        errors[field] = [`The ${field} field is required.`];
    }
    if (!errors.action && !(NDR_ACTIONS as readonly string[]).includes(textOf(body.action))) {
      errors.action = [`The selected action is invalid. It can be ${NDR_ACTIONS.join(' or ')}.`];
    }
    if (Object.keys(errors).length > 0) return invalid(reply, errors);
    const shipment = all().find((each) => each.awb === awb);
    // Undocumented: an AWB that is not in NDR is refused as the collection's other 400s are worded.
    if (!shipment || shipment.isReturn || shipment.statusId !== 21) {
      return reply.status(400).send({ message: `AWB ${awb} is not in NDR.`, status_code: 400 });
    }
    state.ndrActions.push({ awb, action: textOf(body.action), comments: textOf(body.comments) });
    return reply.status(202).send({ status: 'Data Updated Sucessfully' });
  });
}
