import {
  businessBuyerFieldsOf,
  isUuid,
  AppError,
  CLAIM_WINDOW_HOURS,
  COD_CONFIRM_HOURS,
  codAvailability,
  codServesPincode,
  type CodOption,
  type CodSettings,
  expectedDeliveryWindow,
  formatINR,
  isCancellable,
  isReturnPhotoOf,
  orderNumberMonth,
  pieceName,
  returnedPieces,
  returnPhotoFolder,
  returnReasonLabel,
  returnRefundAmount,
  transition,
  type BusinessBuyer,
  UPI_ID_MISSING,
  type CancelKind,
  type OrderCreditNote,
  type DeliveryAttempt,
  type OrderDetail,
  type OrderStatus,
  type ReturnPickup,
  type OrderSummary,
  type OrderTotals,
  type Paise,
  type PaymentRecord,
  type PendingRefund,
  type RequestReturnInput,
  type ReturnItemInput,
  type TransitionFacts,
} from '@shop/core';
import { randomUUID } from 'node:crypto';
import { addressOf } from '../addresses/queries.js';
import { toAddress } from '../addresses/service.js';
import { cartLineRows, deleteCartLine, type CartLineRow } from '../cart/queries.js';
import { isSellable, notEnoughStock, promoLine } from '../cart/service.js';
import { bagCode, claimUse, clearBagCode, couponRefused, dropUse, priceLines, releaseUse, retakeUse } from '../promotions/bag-pricing.js';
import type { Db } from '../db/database.js';
import * as inventory from '../inventory/service.js';
import {
  firstCapturedPayment,
  firstRefundOfPayment,
  paymentByRazorpayId,
  paymentsAndRefundedOf,
  recordCapturedPayment,
  recordFailedPayment,
  recordRefund,
  recordedPayment,
  refundByKey,
  type RefundRow,
} from '../payments/queries.js';
import { refundStateOf } from '../payments/refund-retries.js';
import type { MediaStore, StoredImage } from '../media/store.js';
import { issueOrderCreditNote, orderCreditNotes, receivedPieces } from './credit-notes.js';
import type { OrderNotices, StatusChange } from './notices.js';
import {
  COD_CODE_EXPIRED,
  COD_WRONG_CODE,
  afterWrongTry,
  codCodeMatches,
  codThrottled,
  hashCodCode,
  insertCodConfirmation,
  lockCodConfirmation,
  newCodCode,
  openCodOrders,
  otpRefusal,
  updateCodConfirmation,
} from './cod.js';
import {
  deleteOrder,
  eventsNewestFirst,
  insertOrderEvent,
  itemsOfOrder,
  itemsOfOrders,
  lockCheckout,
  lockOrder,
  orderOf,
  orderWithParts,
  ordersDueForExpiry,
  replaceReturnItems,
  returnItemsOfOrder,
  returnReceiptOf,
  saveReturnReceipt,
  saveReturnItems,
  ordersOfUser,
  payableOrderOf,
  placeOrder,
  waitingCodOrderOf,
  rollbackToSavepoint,
  savepoint,
  setOrderStatus,
  setRazorpayOrder,
  updateOrder,
  type NewOrderItem,
  type OrderChanges,
  type OrderItemRow as ItemRow,
  type OrderRow,
} from './queries.js';

// Orders: placing (with the stock reservation), paying, expiring, cancelling and returns. Every status change is
// one transaction that locks the order row and goes through @shop/core's state machine, so repeats are harmless.

export type { OrderChanges, OrderRow };
/**
 * An order line as the checkout writes it: the cart row's product as it is at the checkout (the order keeps it, so
 * later edits of the catalogue never change an order), priced by the bag's pricing, at its place in the bag.
 */
export function orderItemOf(row: CartLineRow, priced: OrderTotals['lines'][number] & { discount?: Paise }, position: number): NewOrderItem {
  return {
    productId: row.product_id,
    variantId: row.variant_id,
    productName: row.product_name,
    productDescription: row.product_description,
    categoryId: row.category_id,
    categoryName: row.category_name,
    hsnCode: row.hsn_code,
    variantName: row.variant_name,
    variantColor: row.variant_color,
    variantSize: row.variant_size,
    sku: row.sku,
    unitMrpPaise: priced.mrp,
    discountPercent: priced.discountPercent,
    unitPricePaise: priced.selling,
    quantity: row.quantity,
    lineTotalPaise: priced.total,
    discountPaise: priced.discount ?? 0,
    imageUrl: row.image_url,
    position,
  };
}

export type Actor = 'shopper' | 'system' | 'razorpay' | 'admin';

/** The back-office admin behind an 'admin' change: the stock ledger's actor (id) and the timeline's name (issue 40). */
export interface AdminRef {
  id: string | null;
  name: string;
}

const HOUR_MS = 60 * 60 * 1000;

/** A return carries at most this many photos (issue 28). */
export const MAX_RETURN_PHOTOS = 3;

const stockItems = (items: Pick<ItemRow, 'productId' | 'variantId' | 'quantity'>[]): inventory.StockItem[] =>
  items.map((item) => ({ productId: item.productId, variantId: item.variantId, quantity: item.quantity }));

/** Who moved an order's stock, as the ledger names them; `adminId` is the back-office's admin when known. */
const stockActorOf = (actor: Actor, order: Pick<OrderRow, 'userId'>, adminId?: string | null): string =>
  actor === 'shopper'
    ? inventory.stockActor.shopper(order.userId)
    : actor === 'admin'
      ? inventory.stockActor.admin({ id: adminId ?? null })
      : actor;

/** An id that cannot be an order's is 'not found', like any other unknown order (never a database error). */
function assertOrderId(orderId: string): void {
  if (!isUuid(orderId)) throw new AppError('NOT_FOUND', 'Order not found');
}

async function addEvent(tx: Db, orderId: string, status: OrderStatus, actor: Actor, note: string, at: Date, actorName?: string | null) {
  await insertOrderEvent(tx, { orderId, status, actor, actorName, note, createdAt: at });
}

/**
 * How a cancelled order came to be cancelled. The transition into `cancelled` is the first of the trailing run
 * of `cancelled` events (later ones are notes, such as a late payment refunded); only the expiry job cancels as
 * 'system', while the shopper and the back-office cancel as themselves.
 */
async function cancelKindOf(tx: Db, orderId: string): Promise<CancelKind> {
  const events = await eventsNewestFirst(tx, orderId);
  const run = events.findIndex((event) => event.status !== 'cancelled');
  const cancelling = events[(run === -1 ? events.length : run) - 1];
  return cancelling?.actor === 'system' ? 'expired' : 'requested';
}

/** The idempotency key of the refund of a payment the order could not take (late, second, wrong amount). */
export const latePaymentRefundKey = (razorpayPaymentId: string) => `late_${razorpayPaymentId}`;

/** A payment id checked against an order that is not its own (issue 11): refused before anything moves. */
export const paymentOfAnotherOrder = () =>
  new AppError('INVALID_DATA', 'razorpayPaymentId: This payment does not belong to this order.', {
    razorpayPaymentId: 'This payment does not belong to this order.',
  });

/** What a payment the provider reports looks like to the orders module. */
export interface CapturedPayment {
  razorpayOrderId: string;
  razorpayPaymentId: string;
  amount: number;
  method: string;
  paidAt: Date;
}

/**
 * The outcome of a captured payment: paid now, already paid, money that must go back, or no order of ours (a
 * payment of another shop on the same Razorpay account reaches our webhook too: ignored).
 */
export type PaidOutcome =
  | { kind: 'unknown' }
  | { kind: 'paid'; order: OrderRow; late: boolean }
  | { kind: 'already'; order: OrderRow }
  | { kind: 'refund'; order: OrderRow; payment: CapturedPayment; reason: string };

/** A captured payment to send back, and the refund (idempotency key, reason) it goes back under. */
export interface RefundDue {
  paymentId: string;
  amount: number;
  key: string;
  reason: string;
}

/** Work done inside an order change's own transaction, with the order before and after (the back-office's audit entry). */
export type InTransaction = (tx: Db, before: OrderRow, after: OrderRow) => Promise<void>;

/** A COD placement: the owner's setting as read for this checkout, and whether India Post knows a pincode. */
export interface CodPlacement {
  settings: CodSettings;
  pincodeKnown: (pincode: string) => boolean;
}

export interface OrdersOptions {
  now: () => Date;
  /** How long an unpaid order holds its stock (RESERVATION_TTL_SECONDS). */
  reservationSeconds: number;
  /** Told the product ids whose stock changed, to clear catalogue caches. */
  onStockChange: (productIds: string[]) => void;
  /** Moves a stored `/media/…` photo URL under MEDIA_PUBLIC_URL (media/public-urls.ts). */
  photoUrl: (stored: string) => string;
  /** The shopper's notices, written inside the transaction of each change they tell about (notices.ts). */
  notices?: Pick<OrderNotices, 'statusChanged' | 'write'> & Partial<Pick<OrderNotices, 'codCode'>>;
  /** Key for hashing the codes that confirm COD orders (SESSION_SECRET). */
  secret?: string;
  /** Where the photos sent with a return are kept (checked by content, as product photos are). */
  media?: Pick<MediaStore, 'inspectImage' | 'saveImage' | 'remove'>;
  /** Issue 42: the parcel's latest failed attempt and the return's pickup, from the shipping domain. */
  deliveryExtras?: (
    orderId: string,
    status: OrderStatus,
  ) => Promise<{ failedDelivery: DeliveryAttempt | null; returnPickup: ReturnPickup | null }>;
}

export function createOrdersService(db: Db, options: OrdersOptions) {
  const { now } = options;
  const photo = (stored: string | null) => stored && options.photoUrl(stored);
  const stockChanged = (items: Pick<ItemRow, 'productId'>[]) => options.onStockChange([...new Set(items.map((item) => item.productId))]);
  const itemsOf = itemsOfOrder;

  /** Gives an order's pieces back once, in the caller's transaction, with their ledger rows. */
  async function releaseStock(tx: Db, order: OrderRow, at: Date, actor: string): Promise<ItemRow[]> {
    if (order.stockReleasedAt) return [];
    const items = await itemsOf(tx, order.id);
    await inventory.putBack(tx, stockItems(items), { reason: 'order_released', actor, orderId: order.id });
    await updateOrder(tx, order.id, { stockReleasedAt: at });
    return items;
  }

  /**
   * Moves an order along the state machine in the caller's transaction; false when it is already there. The one
   * place that writes an order's status (status-writes.test.ts keeps it so).
   */
  async function move(
    tx: Db,
    order: OrderRow,
    to: OrderStatus,
    actor: Actor,
    note: string,
    extra: OrderChanges = {},
    facts: TransitionFacts = {},
    /** What the shopper's notice of the change needs besides the order (a refund's amount); `by`: the admin's name. */
    told: Pick<StatusChange, 'refundPaise'> & { by?: string | null } = {},
  ): Promise<OrderRow | null> {
    const decision = transition(order.status as OrderStatus, to, facts);
    if (decision.kind === 'already') return null;
    if (decision.kind === 'refused') {
      throw new AppError('CONFLICT', `This order is ${order.status.replace('_', ' ')} and cannot become ${to.replace('_', ' ')}.`);
    }
    const at = now();
    const { by, ...notice } = told;
    await addEvent(tx, order.id, to, actor, note, at, by);
    const after = { ...order, ...extra, status: to, updatedAt: at };
    await options.notices?.statusChanged(tx, { order: after, from: order.status as OrderStatus, to, actor, note, ...notice });
    // The status last: its write takes the rows every order shares (the invoice counter of a payment, the day's sales,
    // the status counts) and holds them until the commit, so nothing else runs while they are held.
    return setOrderStatus(tx, order.id, to, extra, at);
  }

  /** Removes photo files no row records; one that cannot be removed stays an orphan rather than failing the request. */
  async function removePhotos(keys: readonly string[]): Promise<void> {
    const media = options.media;
    if (media) await Promise.allSettled(keys.map((key) => media.remove(key)));
  }

  /**
   * Checks every file first (one bad file stores nothing), then stores them under the order's own folder; a refusal
   * (one that cannot be decoded, no decode slot free) names the field, and the files stored before it go.
   */
  async function storeReturnPhotos(orderId: string, given: number, files: readonly Uint8Array[]): Promise<StoredImage[]> {
    if (files.length === 0) return [];
    const refuse = (message: string) => new AppError('INVALID_DATA', `photos: ${message}`, { photos: message });
    if (given + files.length > MAX_RETURN_PHOTOS) throw refuse(`Add at most ${MAX_RETURN_PHOTOS} photos.`);
    if (!options.media) throw new AppError('UNAVAILABLE', 'Photos cannot be stored right now.');
    const media = options.media;
    const buffers = files.map((bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const stored: StoredImage[] = [];
    try {
      for (const bytes of buffers) await media.inspectImage(bytes);
      for (const bytes of buffers) stored.push(await media.saveImage(bytes, returnPhotoFolder(orderId)));
    } catch (error) {
      await removePhotos(stored.map((image) => image.key));
      if (error instanceof AppError)
        throw new AppError(error.code, `photos: ${error.message}`, { photos: error.message }, error.retryAfterSeconds);
      throw error;
    }
    return stored;
  }

  /** Whether this bag may be paid at the door: one answer for the payment options and for placing the order. */
  async function codVerdict(executor: Db, userId: string, cod: CodPlacement, bagTotal: number, pincode: string): Promise<CodOption> {
    return codAvailability(cod.settings, {
      bagTotal,
      openOrders: await openCodOrders(executor, userId),
      pincodeProblem: codServesPincode(pincode, cod.pincodeKnown(pincode)),
    });
  }

  /** Refuses cash on delivery in words when it is not available for this bag (codAvailability: the same rules as the options). */
  async function assertCodAllowed(tx: Db, userId: string, cod: CodPlacement, bagTotal: number, pincode: string): Promise<void> {
    const verdict = await codVerdict(tx, userId, cod, bagTotal, pincode);
    if (verdict.available) return;
    const reason = verdict.reason!;
    // Off, or her open orders: the shop's state, not her input; the bag's total or the pincode: what she chose.
    if (!cod.settings.enabled || reason.startsWith('You have')) throw new AppError('CONFLICT', reason, { paymentMethod: reason });
    throw new AppError('INVALID_DATA', reason, { paymentMethod: reason });
  }

  /** Draws the code of a COD order just placed, keeps its hash and mails it, in the placing transaction. */
  async function sendCodCode(tx: Db, order: OrderRow): Promise<void> {
    if (!options.secret) throw new Error('orders service: a secret is needed to confirm COD orders');
    const code = newCodCode();
    const expiresAt = order.reservedUntil!;
    await insertCodConfirmation(tx, {
      orderId: order.id,
      codeHash: hashCodCode(options.secret, order.id, code),
      expiresAt,
      createdAt: order.createdAt,
    });
    await options.notices?.codCode?.(tx, order, code, expiresAt);
  }

  /**
   * Her order, and whether it has a return already (answered as it stands) rather than taking one now: NOT_FOUND
   * when it is not hers, CONFLICT when it is not delivered or its claim window has closed.
   */
  /** Her order, open to a return (delivered, or a return already open to join) within the claim window. */
  function returnable(order: OrderRow | undefined, userId: string): OrderRow {
    if (!order || order.userId !== userId) throw new AppError('NOT_FOUND', 'Order not found');
    const open = order.status === 'return_requested';
    if ((!open && order.status !== 'delivered') || !order.deliveredAt)
      throw new AppError('CONFLICT', 'Returns can be requested only for delivered orders.');
    if (now().getTime() - order.deliveredAt.getTime() > CLAIM_WINDOW_HOURS * HOUR_MS) {
      throw new AppError('CONFLICT', `Returns must be requested within ${CLAIM_WINDOW_HOURS} hours of delivery.`);
    }
    return order;
  }

  return {
    /**
     * Places an order for the chosen cart lines in one transaction: prices them on the server, takes their pieces
     * off the shelf with conditional updates, numbers the order and keeps it in `pending_payment` until paid or
     * expired. A repeat of the same request while the first is still payable answers the first order.
     */
    async place(
      userId: string,
      input: {
        products: Array<{ id: string; variant?: string | null }>;
        addressId: string;
        buyer?: BusinessBuyer | null;
        /** Cash on delivery (issue 41): checked here, under the checkout's lock, with the owner's setting. */
        cod?: CodPlacement;
      },
    ): Promise<{ order: OrderRow; reused: boolean }> {
      const buyer = businessBuyerFieldsOf(input.buyer ?? null);
      const placed = await db.transaction(async (tx) => {
        await lockCheckout(tx, userId);
        const address = await addressOf(tx, userId, input.addressId);
        if (!address) throw new AppError('NOT_FOUND', 'Address not found.', { address: 'Address not found.' });

        const rows = (await cartLineRows(tx, userId)).filter(isSellable);
        const wanted = new Set(input.products.map((product) => `${product.id}:${product.variant ?? ''}`));
        const chosen = rows.filter((row) => wanted.delete(`${row.product_id}:${row.variant_id ?? ''}`));
        if (wanted.size > 0)
          throw new AppError('NOT_FOUND', 'Some of the chosen products are no longer in your cart.', { products: 'not in the cart' });

        // The same selection, address, quantities and code already waiting for payment (or, COD, for her code): answer
        // that order again, so a double tap or a form posted twice places one order (it holds its coupon's use
        // already, so her per-shopper limit does not refuse her second press of Pay).
        const code = await bagCode(tx, userId);
        const pending = input.cod ? await waitingCodOrderOf(tx, userId, now()) : await payableOrderOf(tx, userId, now());
        if (pending && pending.address._id === address.id && (input.cod || pending.razorpayOrderId) && pending.couponCode === code) {
          const items = await itemsOf(tx, pending.id);
          const key = (p: string, v: string | null, q: number) => `${p}:${v ?? ''}:${q}`;
          const same =
            items.length === chosen.length &&
            items.every((item) =>
              chosen.some(
                (row) => key(row.product_id, row.variant_id, row.quantity) === key(item.productId, item.variantId, item.quantity),
              ),
            );
          if (same) {
            // Not invoiced until paid: a GSTIN given (or taken off) on the way back to pay goes on the same order.
            const kept = pending.buyerGstin === buyer.buyerGstin && pending.buyerName === buyer.buyerName;
            return { order: kept ? pending : await updateOrder(tx, pending.id, { ...buyer, updatedAt: now() }), reused: true };
          }
        }

        // Priced as the bag is (promotions' priceBag): the offer, then her bag's code, then the COD fee. A code that
        // cannot be used any more (used up, expired, her first order placed since) is refused in words, never dropped.
        const codFee = input.cod?.settings.fee ?? 0;
        const { price: totals, coupon } = await priceLines(tx, chosen.map(promoLine), now(), code, userId, codFee);
        if (totals.couponRefusal) throw couponRefused(totals.couponRefusal);
        if (input.cod) await assertCodAllowed(tx, userId, input.cod, totals.total - totals.codFee, address.pincode);

        const at = now();
        // The id is drawn first so the ledger rows of the pieces taken name the order they were taken for.
        const orderId = randomUUID();
        // One use of the coupon, counted once and safely: the conditional update waits for any other checkout holding
        // the coupon and checks its limit again; her own checkouts take turns (lockCheckout), so her uses and first
        // order read above stand.
        if (totals.coupon && coupon) {
          const claimed = await claimUse(tx, { couponId: coupon.id, orderId, userId, discountPaise: totals.coupon.amount, at });
          if (!claimed) throw couponRefused({ kind: 'used_up', message: 'This code has been used up.' });
        }
        const taken = await inventory.take(
          tx,
          chosen.map((row) => ({ productId: row.product_id, variantId: row.variant_id, quantity: row.quantity, name: row.product_name })),
          { reason: 'order_reserved', actor: inventory.stockActor.shopper(userId), orderId },
        );
        if (!taken.ok) throw notEnoughStock(taken.left, taken.item.name);
        const { isDefault: _isDefault, ...snapshot } = toAddress(address);
        // Numbered and written last: every checkout waits its turn for the month's counter (placeOrder).
        const order = await placeOrder(
          tx,
          {
            id: orderId,
            yearMonth: orderNumberMonth(at),
            userId,
            status: input.cod ? 'awaiting_confirmation' : 'pending_payment',
            address: snapshot,
            subtotalPaise: totals.subtotal,
            discountPaise: totals.discount,
            discounts: totals.discounts,
            couponCode: totals.coupon?.code ?? null,
            shippingPaise: totals.shipping,
            paymentMethod: input.cod ? 'cod' : 'online',
            codFeePaise: totals.codFee,
            totalPaise: totals.total,
            ...buyer,
            // No payment deadline for COD: the pieces wait for her code, 24 hours at most.
            reservedUntil: new Date(at.getTime() + (input.cod ? COD_CONFIRM_HOURS * HOUR_MS : options.reservationSeconds * 1000)),
            createdAt: at,
            updatedAt: at,
          },
          chosen.map((row, position) => orderItemOf(row, totals.lines[position]!, position)),
          input.cod
            ? {
                status: 'awaiting_confirmation',
                actor: 'shopper',
                note: 'Order placed for cash on delivery; waiting for the code sent to her e-mail.',
                createdAt: at,
              }
            : { status: 'pending_payment', actor: 'shopper', note: 'Order placed; waiting for payment.', createdAt: at },
        );
        if (input.cod) await sendCodCode(tx, order);
        return { order, reused: false, productIds: chosen.map((row) => row.product_id) };
      });
      if (!placed.reused && 'productIds' in placed) options.onStockChange([...new Set(placed.productIds)]);
      return { order: placed.order, reused: placed.reused };
    },

    /**
     * Whether her bag, as checkout would price it (every line of the cart still for sale, the same server code as
     * place), may be paid at the door to this address: the payment page's options (issue 41).
     */
    async codOption(userId: string, addressId: string, cod: CodPlacement): Promise<CodOption> {
      const address = await addressOf(db, userId, addressId);
      if (!address) throw new AppError('NOT_FOUND', 'Address not found.', { addressId: 'Address not found.' });
      const rows = (await cartLineRows(db, userId)).filter(isSellable);
      if (rows.length === 0) return { available: false, fee: cod.settings.fee, reason: 'Your bag is empty.' };
      // The bag as checkout will price it: her offer and code taken off, the COD fee not yet added.
      const { price } = await priceLines(db, rows.map(promoLine), now(), await bagCode(db, userId), userId);
      return codVerdict(db, userId, cod, price.total, address.pincode);
    },

    async attachRazorpayOrder(orderId: string, razorpayOrderId: string): Promise<void> {
      await setRazorpayOrder(db, orderId, razorpayOrderId, now());
    },

    /** The provider could not open the payment: the pieces go back and the order is withdrawn, as if never placed. */
    async withdraw(orderId: string): Promise<void> {
      const items = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, { id: orderId });
        if (!order || order.status !== 'pending_payment' || order.razorpayOrderId) return [];
        const released = await releaseStock(tx, order, now(), inventory.stockActor.system);
        await dropUse(tx, orderId, now());
        await deleteOrder(tx, orderId);
        return released;
      });
      stockChanged(items);
    },

    /**
     * Whether this capture was settled before, from one unlocked read: the payment is recorded for this Razorpay
     * order, captured (or refunded since), with no late-payment refund recorded for it. markPaid answers exactly
     * these 'already' after locking the order; since every capture is reported three times (the shopper's page,
     * payment.captured, order.paid), the repeats skip its transaction. A status only moves forward and the refund
     * is recorded in the capture's own transaction, so an answer of true cannot be stale. Anything else goes to
     * markPaid. A webhook's report passes its delivery's `eventId`: the same read tells whether it was handled before.
     */
    async settledBefore(
      payment: Pick<CapturedPayment, 'razorpayOrderId' | 'razorpayPaymentId'>,
      eventId?: string,
    ): Promise<{ settled: boolean; eventSeen: boolean }> {
      const refundKey = latePaymentRefundKey(payment.razorpayPaymentId);
      const { payment: known, eventSeen } = await recordedPayment(db, payment.razorpayPaymentId, refundKey, eventId ?? null);
      const settled =
        known?.razorpayOrderId === payment.razorpayOrderId &&
        (known.status === 'refunded' || (known.status === 'captured' && !known.refundRecorded));
      return { settled, eventSeen };
    },

    /**
     * A captured payment makes its order paid, once: the reservation becomes a sale and the lines leave the cart.
     * The same capture reported again (payment.captured, order.paid, their retries, the shopper's page) changes
     * nothing, and a refunded payment stays refunded. An order cancelled because its reservation expired takes
     * the pieces again if they are all still there; an order cancelled on request stays cancelled. Otherwise
     * (sold out, cancelled, already paid, wrong amount) the money must go back: the refund is recorded here, in
     * the same transaction, and the caller asks Razorpay for it.
     */
    async markPaid(payment: CapturedPayment, actor: Actor): Promise<PaidOutcome> {
      const outcome = await db.transaction(async (tx): Promise<PaidOutcome> => {
        const order = await lockOrder(tx, { razorpayOrderId: payment.razorpayOrderId });
        if (!order) return { kind: 'unknown' };
        const known = await paymentByRazorpayId(tx, payment.razorpayPaymentId, { lock: true });
        if (known && known.orderId !== order.id) throw paymentOfAnotherOrder();
        // Its money went back already: a capture reported again never sets it back to captured (issue 3).
        if (known?.status === 'refunded') return { kind: 'already', order };
        if (known?.status === 'captured') {
          // A repeat: answered as the first report was; a refund that has not gone through yet is asked again.
          const owed = await refundByKey(tx, latePaymentRefundKey(payment.razorpayPaymentId));
          return owed ? { kind: 'refund', order, payment, reason: owed.reason } : { kind: 'already', order };
        }
        // Only forward (created or failed → captured), also against a refund recorded since the read above.
        await recordCapturedPayment(
          tx,
          {
            orderId: order.id,
            razorpayOrderId: payment.razorpayOrderId,
            razorpayPaymentId: payment.razorpayPaymentId,
            amountPaise: payment.amount,
            method: payment.method,
            paidAt: payment.paidAt,
          },
          now(),
        );

        const refundIt = async (reason: string, note?: string): Promise<PaidOutcome> => {
          const recorded = await recordRefund(tx, {
            orderId: order.id,
            razorpayPaymentId: payment.razorpayPaymentId,
            idempotencyKey: latePaymentRefundKey(payment.razorpayPaymentId),
            amountPaise: payment.amount,
            status: 'pending',
            reason,
            createdAt: now(),
          });
          // Told once, with the refund's record: a second report of the same payment finds it there.
          if (recorded) {
            await options.notices?.write(tx, 'late-refund', order, reason, `notice:late-refund:${payment.razorpayPaymentId}`);
          }
          if (note) await addEvent(tx, order.id, order.status as OrderStatus, actor, note, now());
          return { kind: 'refund', order, payment, reason };
        };

        if (order.paidAt || (order.status !== 'pending_payment' && order.status !== 'cancelled')) {
          return refundIt('This order was already paid; the second payment is refunded.');
        }
        if (payment.amount !== order.totalPaise) return refundIt('The amount paid did not match the order total.');

        let late = false;
        if (order.status === 'cancelled') {
          if ((await cancelKindOf(tx, order.id)) === 'requested') {
            return refundIt(
              'Your payment arrived after the order was cancelled; it is refunded in full.',
              `Payment ${payment.razorpayPaymentId} arrived after the order was cancelled; it is refunded in full.`,
            );
          }
          // Paid after the reservation expired: take the pieces again if we can (all, or none and no ledger rows).
          const items = stockItems(await itemsOf(tx, order.id));
          await savepoint(tx, 'late_payment');
          const retaken = await inventory.take(tx, items, {
            reason: 'order_retaken',
            actor: stockActorOf(actor, order),
            orderId: order.id,
          });
          if (!retaken.ok) {
            await rollbackToSavepoint(tx, 'late_payment');
            return refundIt('Your payment arrived after the order had expired and the items sold out; it is refunded in full.');
          }
          // Its coupon's use went back at expiry: taken again, or refunded as for pieces sold out.
          if (!(await retakeUse(tx, order.id))) {
            await rollbackToSavepoint(tx, 'late_payment');
            return refundIt('Your payment arrived after the order had expired and its coupon was used up; it is refunded in full.');
          }
          late = true;
        }
        // The lines leave the cart before the move, whose status write comes last (see move).
        const items = await itemsOf(tx, order.id);
        for (const item of items) await deleteCartLine(tx, order.userId, item.productId, item.variantId);
        if (order.couponCode) await clearBagCode(tx, order.userId, order.couponCode);
        const paid = await move(
          tx,
          order,
          'paid',
          actor,
          late
            ? `Payment ${payment.razorpayPaymentId} arrived after the reservation expired; the items were still available.`
            : `Payment ${payment.razorpayPaymentId} received.`,
          { paidAt: payment.paidAt, reservedUntil: null, ...(late ? { stockReleasedAt: null, cancelReason: null } : {}) },
          { cancelKind: late ? 'expired' : null },
        );
        // Pending or cancelled moves to paid (never 'already': a paid order was refunded above).
        return { kind: 'paid', order: paid!, late };
      });
      if (outcome.kind === 'paid' && outcome.late) stockChanged(await itemsOf(db, outcome.order.id));
      return outcome;
    },

    /** A failed attempt is recorded; the order stays payable until its reservation expires. */
    async recordFailedPayment(input: {
      razorpayOrderId: string;
      razorpayPaymentId: string;
      amount: number;
      method: string;
      errorCode: string | null;
      errorDescription: string | null;
    }): Promise<void> {
      const order = await orderOf(db, { razorpayOrderId: input.razorpayOrderId });
      if (!order) return;
      await recordFailedPayment(
        db,
        {
          orderId: order.id,
          razorpayOrderId: input.razorpayOrderId,
          razorpayPaymentId: input.razorpayPaymentId,
          amountPaise: input.amount,
          method: input.method,
          errorCode: input.errorCode,
          errorDescription: input.errorDescription,
        },
        now(),
      );
    },

    /** Unpaid orders whose reservation has run out, oldest first. */
    async dueForExpiry(limit = 50): Promise<OrderRow[]> {
      return ordersDueForExpiry(db, now(), limit);
    },

    /**
     * An unpaid order whose time ran out is cancelled and its pieces go back; a paid one is left alone. So is a COD
     * order not confirmed within 24 hours (issue 41); a confirmed one is left alone.
     */
    async expire(orderId: string): Promise<boolean> {
      const result = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, { id: orderId });
        if (!order || (order.status !== 'pending_payment' && order.status !== 'awaiting_confirmation')) return null;
        const cod = order.status === 'awaiting_confirmation';
        // Her 24 hours are hers in full: a COD order is cancelled only once its time has run out.
        if (cod && order.reservedUntil && order.reservedUntil > now()) return null;
        await move(
          tx,
          order,
          'cancelled',
          'system',
          cod
            ? `Not confirmed within ${COD_CONFIRM_HOURS} hours; the items are back in stock.`
            : 'Payment not completed in time; the items are back in stock.',
          { cancelReason: cod ? 'Not confirmed in time' : 'Payment not completed', reservedUntil: null },
        );
        // Its coupon's use goes back with its pieces (taken again should the payment still arrive).
        await releaseUse(tx, order.id, now());
        return releaseStock(tx, order, now(), inventory.stockActor.system);
      });
      if (result) stockChanged(result);
      return result !== null;
    },

    /**
     * Her code confirms her COD order (issue 41): the twin of a payment. The order becomes confirmed (its tax invoice
     * number drawn by the database as it is), its lines leave the cart, she is told it is placed. A wrong code is a
     * 400 naming `otp`, counted; a few in a window and she waits (429); an expired one is a 400 in words. Asking
     * again once confirmed answers the order as it is, whatever the code.
     */
    async confirmCod(userId: string, orderId: string, otp: string): Promise<OrderRow> {
      assertOrderId(orderId);
      if (!options.secret) throw new Error('orders service: a secret is needed to confirm COD orders');
      const secret = options.secret;
      // Answered after the commit: a wrong try is counted in the transaction, and a throw would roll it back.
      const outcome = await db.transaction(async (tx): Promise<{ order: OrderRow } | { refusal: AppError }> => {
        const order = await lockOrder(tx, { id: orderId });
        if (!order || order.userId !== userId) throw new AppError('NOT_FOUND', 'Order not found');
        if (order.paymentMethod !== 'cod') throw new AppError('CONFLICT', 'This order is paid online; it needs no code.');
        if (order.confirmedAt) return { order };
        if (order.status === 'cancelled' && order.cancelReason === 'Not confirmed in time')
          return { refusal: otpRefusal(COD_CODE_EXPIRED) };
        if (order.status !== 'awaiting_confirmation')
          throw new AppError('CONFLICT', `This order is ${order.status.replace('_', ' ')} and cannot be confirmed.`);
        const code = await lockCodConfirmation(tx, order.id);
        const at = now();
        if (!code || code.expiresAt <= at) return { refusal: otpRefusal(COD_CODE_EXPIRED) };
        const throttled = codThrottled(code, at);
        if (throttled) return { refusal: throttled };
        if (!codCodeMatches(secret, code, otp)) {
          await updateCodConfirmation(tx, order.id, afterWrongTry(code, at));
          return { refusal: otpRefusal(COD_WRONG_CODE) };
        }
        await updateCodConfirmation(tx, order.id, { confirmedAt: at });
        // The lines leave the cart before the move, whose status write comes last (see move).
        for (const item of await itemsOf(tx, order.id)) await deleteCartLine(tx, order.userId, item.productId, item.variantId);
        const confirmed = await move(tx, order, 'confirmed', 'shopper', 'Confirmed with the code sent to her e-mail.', {
          confirmedAt: at,
          reservedUntil: null,
        });
        return { order: confirmed! };
      });
      if ('refusal' in outcome) throw outcome.refusal;
      return outcome.order;
    },

    /**
     * Cancels an order before it ships, with the pieces back on the shelf. Answers the captured payment to refund
     * (null for an unpaid or refunded one), with the refund already asked for it if there is one, so a payment is
     * never refunded twice. Cancelling a cancelled order again answers the same, so a retried call can finish a
     * refund that did not go through.
     */
    async cancel(
      orderId: string,
      reason: string,
      actor: Actor,
      ownerId?: string,
      inTransaction?: InTransaction,
      /** The back-office admin who cancels (the stock ledger's actor, the timeline's name). */
      admin?: AdminRef,
    ): Promise<{ order: OrderRow; refundDue: RefundDue | null }> {
      assertOrderId(orderId);
      const result = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, { id: orderId });
        if (!order || (ownerId && order.userId !== ownerId)) throw new AppError('NOT_FOUND', 'Order not found');
        let released: ItemRow[] = [];
        // Already cancelled (and maybe refunded since): a repeat of the same request, answered the same.
        const alreadyCancelled = order.status === 'cancelled' || (order.status === 'refunded' && order.cancelReason !== null);
        if (!alreadyCancelled) {
          if (!isCancellable(order.status as OrderStatus))
            throw new AppError('CONFLICT', 'This order has been shipped and can no longer be cancelled.');
          // Stock first, then the status (whose recount writes the sales rollups): the order a counter return takes
          // them in, so a cancellation and a return of the same piece at once wait for each other, never deadlock.
          released = await releaseStock(tx, order, now(), stockActorOf(actor, order, admin?.id));
          await move(tx, order, 'cancelled', actor, reason, { cancelReason: reason, reservedUntil: null }, {}, { by: admin?.name });
          // A paid order has a tax invoice: its cancellation is a credit note of every line, issued now (issue 43).
          if (order.invoiceNumber)
            await issueOrderCreditNote(tx, order, {
              at: now(),
              total: order.totalPaise,
              returning: 'all',
              reason: `Order cancelled: ${reason}`,
              by: admin ?? null,
            });
          // An unpaid order gives its coupon's use back; a paid one keeps it (its money is refunded, the use stays).
          if (!order.paidAt) await releaseUse(tx, order.id, now());
          if (inTransaction) {
            const after = await orderOf(tx, { id: order.id });
            await inTransaction(tx, order, after!);
          }
        }
        const captured = await firstCapturedPayment(tx, order.id);
        const asked = captured ? await firstRefundOfPayment(tx, captured.razorpayPaymentId) : undefined;
        const fresh = await orderOf(tx, { id: order.id });
        const refundDue: RefundDue | null = !captured
          ? null
          : asked
            ? { paymentId: captured.razorpayPaymentId, amount: asked.amountPaise, key: asked.idempotencyKey, reason: asked.reason }
            : { paymentId: captured.razorpayPaymentId, amount: captured.amountPaise, key: `cancel_${order.id}`, reason };
        return { order: fresh!, released, refundDue };
      });
      if (result.released.length > 0) stockChanged(result.released);
      return { order: result.order, refundDue: result.refundDue };
    },

    /**
     * Once Razorpay confirms its refund, a cancelled or returned order becomes refunded; the timeline and the
     * shopper's notice state that refund's amount (a return's share, not the order total).
     */
    async markRefunded(
      orderId: string,
      actor: Actor,
      refundPaise: number,
      /** A refund sent by hand (a COD order's): the timeline's words and the admin who recorded it. */
      byHand?: { note: string; admin: AdminRef },
    ): Promise<OrderRow | null> {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, { id: orderId });
        if (!order) return null;
        const note = byHand?.note ?? `Refund of ${formatINR(refundPaise)} processed by Razorpay.`;
        return move(tx, order, 'refunded', actor, note, {}, {}, { refundPaise, by: byHand?.admin.name });
      });
    },

    /**
     * A shipped parcel back at the shop, refused at the door or undeliverable (issue 41): the order is returned to
     * origin and its pieces go back on sale through the stock ledger (reason 'returned_to_origin'), once, in one
     * transaction that locks the order; the shopper is told (the move's notice). Only from shipped; asking again
     * changes nothing. A COD order owes nothing; a prepaid one may then be refunded by the owner.
     */
    async returnToOrigin(
      orderId: string,
      /** `admin`: the back-office admin who records it; without one the courier's scan did (issue 42), as 'system'. */
      input: { note: string; admin?: AdminRef; inTransaction?: InTransaction },
    ): Promise<{ order: OrderRow; moved: boolean }> {
      const actor: Actor = input.admin ? 'admin' : 'system';
      assertOrderId(orderId);
      const result = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, { id: orderId });
        if (!order) throw new AppError('NOT_FOUND', 'Order not found');
        if (order.status === 'returned_to_origin') return { order, moved: false, back: [] as ItemRow[] };
        if (order.status !== 'shipped') throw new AppError('CONFLICT', 'Only a shipped order can come back to origin.');
        const at = now();
        const items = await itemsOf(tx, order.id);
        await inventory.putBack(tx, stockItems(items), {
          reason: 'returned_to_origin',
          actor: stockActorOf(actor, order, input.admin?.id),
          orderId: order.id,
        });
        const moved = await move(
          tx,
          order,
          'returned_to_origin',
          actor,
          input.note,
          { stockReleasedAt: at },
          {},
          { by: input.admin?.name },
        );
        // The goods were invoiced (paid, or a COD order confirmed) and came back unsold: the whole invoice is credited
        // now (issue 43), so a prepaid order's later refund issues no second note.
        if (order.invoiceNumber)
          await issueOrderCreditNote(tx, order, {
            at,
            total: order.totalPaise,
            returning: 'all',
            reason: 'Returned to origin',
            by: input.admin ?? null,
          });
        if (input.inTransaction) await input.inTransaction(tx, order, moved!);
        return { order: moved!, moved: true, back: items };
      });
      if (result.back.length > 0) stockChanged(result.back);
      return { order: result.order, moved: result.moved };
    },

    /**
     * The back-office moves an order along the state machine (packed, shipped, delivered, a return approved or
     * rejected), in one transaction that locks the order. Asking again for the status it has changes nothing
     * and answers `moved: false`, so a double click or a retry is harmless.
     */
    async advance(
      orderId: string,
      to: OrderStatus,
      input: {
        actor: Actor;
        note: string;
        extra?: OrderChanges;
        inTransaction?: InTransaction;
        /** Only from this status (when the state machine allows more than one way in). */
        from?: { status: OrderStatus; refusal: string };
        /** The back-office admin's name, for the timeline. */
        by?: string | null;
      },
    ): Promise<{ order: OrderRow; moved: boolean }> {
      assertOrderId(orderId);
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, { id: orderId });
        if (!order) throw new AppError('NOT_FOUND', 'Order not found');
        if (input.from && order.status !== to && order.status !== input.from.status) throw new AppError('CONFLICT', input.from.refusal);
        const moved = await move(tx, order, to, input.actor, input.note, input.extra, {}, { by: input.by });
        // Already there: the locked row is the order as it stands.
        const after = moved ?? order;
        if (moved && input.inTransaction) await input.inTransaction(tx, order, after);
        return { order: after, moved: moved !== null };
      });
    },

    /**
     * Spec §9: damaged, defective, wrong or missing items may be reported within 48 hours of delivery. While a return
     * is open (and the window too), a request joins it: lines it does not hold are added with this request's reason,
     * a line it holds takes the larger count (a count is the line's pieces in all, so a repeat adds nothing and no
     * piece counts twice), and the note and photos are kept beside the first ones (ADR 032).
     */
    async requestReturn(
      userId: string,
      orderId: string,
      input: Required<Pick<RequestReturnInput, 'reason'>> & { note: string; photos: string[]; items?: ReturnItemInput[]; upiId?: string },
      /** Photo files sent with the request (the shopper's page); stored, then kept beside `photos`. */
      files: readonly Uint8Array[] = [],
    ): Promise<OrderRow> {
      assertOrderId(orderId);
      // The back-office opens these links: only photos stored for this return, never an address given from outside.
      if (input.photos.some((url) => !isReturnPhotoOf(orderId, url))) {
        const message = 'Only photos you upload with this return can be attached.';
        throw new AppError('INVALID_DATA', `photos: ${message}`, { photos: message });
      }
      // Hers and open to a return before any photo is read: another order id costs no image work and writes no
      // folder (issue 38).
      if (files.length > 0) returnable(await orderOf(db, { id: orderId }), userId);
      const stored = await storeReturnPhotos(orderId, input.photos.length, files);
      const photos = [...input.photos, ...stored.map((image) => image.url)];
      const words = `${returnReasonLabel(input.reason)}${input.note ? ` (${input.note})` : ''}`;
      let order: OrderRow;
      try {
        order = await db.transaction(async (tx) => {
          const order = returnable(await lockOrder(tx, { id: orderId }), userId);
          const upiId = refundUpiIdOf(order, input.upiId);
          const open = order.status === 'return_requested';
          const items = await itemsOf(tx, order.id);
          const wanted = returnLinesOf(items, input.items);
          const held = open ? await returningOf(tx, order.id, items) : new Map<string, number>();
          const added = wanted.filter((line) => line.quantity > (held.get(line.orderItemId) ?? 0));
          // Every piece named is in the open return already: a repeat, answered as it stands (a new UPI ID kept).
          if (added.length === 0) {
            if (upiId === order.returnUpiId) return order;
            return updateOrder(tx, order.id, { returnUpiId: upiId, updatedAt: now() });
          }
          const lines = added.map((line) => ({ ...line, reason: input.reason }));
          const named = addedPieces(items, added, held);
          if (!open) {
            await replaceReturnItems(tx, order.id, lines);
            await move(tx, order, 'return_requested', 'shopper', `Return requested: ${named}: ${words}`, {
              returnReason: input.reason,
              returnNote: input.note,
              returnPhotos: photos,
              returnUpiId: upiId,
            });
          } else {
            await saveReturnItems(tx, order.id, lines);
            await addEvent(tx, order.id, 'return_requested', 'shopper', `Added to the return: ${named}: ${words}`, now());
            await updateOrder(tx, order.id, {
              returnNote: [order.returnNote, input.note].filter(Boolean).join('\n') || null,
              returnPhotos: [...new Set([...order.returnPhotos, ...photos])],
              returnUpiId: upiId,
              updatedAt: now(),
            });
          }
          return (await orderOf(tx, { id: order.id }))!;
        });
      } catch (error) {
        // Refused (or failed): nothing records the photos just stored, so their files go too.
        await removePhotos(stored.map((image) => image.key));
        throw error;
      }
      // A repeat of a request already made keeps the first one's photos: this one's files are not kept.
      await removePhotos(stored.filter((image) => !order.returnPhotos.includes(image.url)).map((image) => image.key));
      return order;
    },

    /**
     * A return request accepted: the order becomes returned (approved), and nothing goes back to stock yet: the
     * pieces are checked when they arrive (receiveReturn, issue 40).
     */
    async approveReturn(
      orderId: string,
      input: { note: string; inTransaction?: InTransaction; admin?: AdminRef },
    ): Promise<{ order: OrderRow; moved: boolean }> {
      assertOrderId(orderId);
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, { id: orderId });
        if (!order) throw new AppError('NOT_FOUND', 'Order not found');
        const moved = await move(tx, order, 'returned', 'admin', input.note, {}, {}, { by: input.admin?.name });
        const after = moved ?? order;
        if (moved && input.inTransaction) await input.inTransaction(tx, order, after);
        return { order: after, moved: moved !== null };
      });
    },

    /**
     * The approved return's parcel is here and checked (issue 40): each piece named is put back on sale or written
     * off (damaged), through the stock ledger with a reason of its own, in one transaction that locks the order, so
     * two presses count once (the second is a CONFLICT). A line takes at most the pieces approved for return; the
     * shopper is told what arrived; the refund follows.
     */
    async receiveReturn(
      orderId: string,
      input: { items: ReceivedItemInput[]; inTransaction?: InTransaction; admin?: AdminRef },
    ): Promise<OrderRow> {
      assertOrderId(orderId);
      const result = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, { id: orderId });
        if (!order) throw new AppError('NOT_FOUND', 'Order not found');
        if (order.returnReceivedAt) throw new AppError('CONFLICT', 'This return has been received already.');
        if (order.status !== 'returned') throw new AppError('CONFLICT', 'Only an approved return can be received: approve it first.');
        const items = await itemsOf(tx, order.id);
        const approved = await returningOf(tx, order.id, items);
        const lines = receivedLinesOf(items, approved, input.items);
        const at = now();
        const meta = { actor: stockActorOf('admin', order, input.admin?.id), orderId: order.id };
        const pieces = (pick: 'restocked' | 'writtenOff') =>
          lines.map((line) => ({ productId: line.item.productId, variantId: line.item.variantId, quantity: line[pick] }));
        const back = await inventory.putBack(tx, pieces('restocked'), { ...meta, reason: 'return_restocked' });
        await inventory.writeOff(tx, pieces('writtenOff'), { ...meta, reason: 'return_written_off' });
        await saveReturnReceipt(
          tx,
          order.id,
          lines.map((line) => ({
            orderItemId: line.item.id,
            quantity: approved.get(line.item.id)!,
            restocked: line.restocked,
            writtenOff: line.writtenOff,
          })),
        );
        const note = receiptNote(lines);
        await addEvent(tx, order.id, 'returned', 'admin', note, at, input.admin?.name);
        const after = await updateOrder(tx, order.id, {
          returnReceivedAt: at,
          stockReleasedAt: order.stockReleasedAt ?? at,
          updatedAt: at,
        });
        await options.notices?.write(tx, 'status', after, note);
        if (input.inTransaction) await input.inTransaction(tx, order, after);
        return { order: after, back };
      });
      if (result.back.length > 0) stockChanged(result.back);
      return result.order;
    },

    /**
     * What a received return refunds by default: the received pieces' share of what was paid, or all of it when every
     * piece of the order came back (restocked or written off: a damaged piece is refunded all the same).
     */
    async returnRefund(tx: Db, orderId: string, paid: number): Promise<number> {
      const items = await itemsOf(tx, orderId);
      const receipt = await returnReceiptOf(tx, orderId);
      const received = new Map(receipt.map((row) => [row.orderItemId, (row.restocked ?? 0) + (row.writtenOff ?? 0)]));
      return returnRefundAmount(
        // Each line as charged: its share of the order's discounts is not refunded (issue 41).
        items.map((item) => ({ itemId: item.id, quantity: item.quantity, lineTotal: item.lineTotalPaise - item.discountPaise })),
        received,
        paid,
      );
    },

    /**
     * The credit note of a received return's refund (issue 43), written in the transaction that records the refund:
     * the pieces received, for `total` (what is refunded), dated `at`. Answers its number.
     */
    async creditReturn(tx: Db, order: OrderRow, total: number, at: Date): Promise<string> {
      return issueOrderCreditNote(tx, order, {
        at,
        total,
        returning: await receivedPieces(tx, order.id),
        reason: `Return: ${order.returnReason ?? ''}`.replace(/: $/, ''),
      });
    },

    async findById(orderId: string): Promise<OrderRow | undefined> {
      return orderOf(db, { id: orderId });
    },

    async findByRazorpayOrder(razorpayOrderId: string): Promise<OrderRow | undefined> {
      return orderOf(db, { razorpayOrderId });
    },

    async listMine(userId: string): Promise<OrderSummary[]> {
      const rows = await ordersOfUser(db, userId, 200);
      if (rows.length === 0) return [];
      const items = await itemsOfOrders(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => {
        const mine = items.filter((item) => item.orderId === row.id);
        return {
          _id: row.id,
          orderNumber: row.orderNumber,
          status: row.status as OrderStatus,
          total: row.totalPaise,
          createdAt: row.createdAt.toISOString(),
          itemCount: mine.reduce((sum, item) => sum + item.quantity, 0),
          image: photo(mine.find((item) => item.imageUrl)?.imageUrl ?? null),
          paymentMethod: row.paymentMethod,
          codFee: row.codFeePaise,
        };
      });
    },

    /**
     * The credit notes of one of the shopper's orders (issue 43), oldest first; someone else's order is 'not found'.
     * `shopState` splits the tax of a note whose seller was not kept (none issued since migration 0032).
     */
    async creditNotesOfMine(userId: string, orderId: string, shopState: string): Promise<OrderCreditNote[]> {
      assertOrderId(orderId);
      const order = await orderOf(db, { id: orderId });
      if (!order || order.userId !== userId) throw new AppError('NOT_FOUND', 'Order not found');
      return (await orderCreditNotes(db, [order.id], shopState)).get(order.id) ?? [];
    },

    /** One of the shopper's orders with items, payment and timeline; someone else's order is 'not found'. */
    async getMine(userId: string, orderId: string): Promise<OrderDetail> {
      const mine = await detail(db, orderId, userId, now(), photo);
      return options.deliveryExtras ? { ...mine, ...(await options.deliveryExtras(orderId, mine.status)) } : mine;
    },

    detail: (orderId: string) => detail(db, orderId, undefined, now(), photo),
  };
}

/** The whole order as the shopper's order page and the payment success page show it. */
async function detail(
  db: Db,
  orderId: string,
  ownerId: string | undefined,
  at: Date,
  photo: (stored: string | null) => string | null,
): Promise<OrderDetail> {
  assertOrderId(orderId);
  // Both at once: someone else's payments are read for nothing, never shown.
  const [parts, paid] = await Promise.all([orderWithParts(db, orderId), paymentsAndRefundedOf(db, orderId)]);
  if (!parts || (ownerId && parts.order.userId !== ownerId)) throw new AppError('NOT_FOUND', 'Order not found');
  const { order, items, events, returnItems: returnRows } = parts;
  const paymentRows = paid.payments;
  const status = order.status as OrderStatus;
  const captured = paymentRows.find((payment) => payment.status === 'captured' || payment.status === 'refunded') ?? null;
  const payment: PaymentRecord | null = captured
    ? {
        _id: captured.id,
        amount: captured.amountPaise,
        paymentMethod: captured.method,
        paymentStatus: captured.status as PaymentRecord['paymentStatus'],
        paymentDate: captured.paidAt?.toISOString() ?? null,
        razorpay_id: captured.razorpayPaymentId,
        razorpay_order_id: captured.razorpayOrderId,
        products: items.map((item) => ({ productId: item.productId, variantId: item.variantId })),
      }
    : null;
  const window =
    order.paidAt && !['cancelled', 'refunded'].includes(status) ? expectedDeliveryWindow(order.address.pincode, order.paidAt) : null;
  const deliveredWithinClaim = order.deliveredAt !== null && at.getTime() - order.deliveredAt.getTime() <= CLAIM_WINDOW_HOURS * HOUR_MS;
  const returnItems = returnRows.map((row) => ({ itemId: row.orderItemId, quantity: row.quantity, reason: row.reason }));
  // An open return may still take the pieces it does not hold (every piece, for one asked before per-item returns).
  const held = returnedPieces({ items: items.map((item) => ({ itemId: item.id, quantity: item.quantity })), returnItems });
  const piecesLeft = items.some((item) => (held.find((line) => line.item.itemId === item.id)?.pieces ?? 0) < item.quantity);
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    invoiceNumber: order.invoiceNumber,
    seller: order.seller ?? null,
    buyerGstin: order.buyerGstin,
    buyerName: order.buyerName,
    buyerState: order.buyerState,
    status,
    total: order.totalPaise,
    subtotal: order.subtotalPaise,
    discount: order.discountPaise,
    discounts: order.discounts,
    shipping: order.shippingPaise,
    paymentMethod: order.paymentMethod,
    codFee: order.codFeePaise,
    createdAt: order.createdAt.toISOString(),
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    image: photo(items.find((item) => item.imageUrl)?.imageUrl ?? null),
    items: items.map((item) => ({
      _id: item.productId,
      productName: item.productName,
      productDescription: item.productDescription,
      productCategory: item.categoryId,
      categoryName: item.categoryName,
      hsnCode: item.hsnCode,
      productPrice: item.unitMrpPaise,
      productDiscount: item.discountPercent,
      finalPrice: item.unitPricePaise,
      itemId: item.id,
      variantId: item.variantId,
      variantName: item.variantName,
      variantColor: item.variantColor,
      variantSize: item.variantSize,
      quantity: item.quantity,
      lineTotal: item.lineTotalPaise,
      orderDiscount: item.discountPaise,
      image: photo(item.imageUrl),
    })),
    address: order.address,
    payment,
    refundedAmount: paid.refundedPaise,
    pendingRefund: pendingRefundOf(paid.unconfirmedRefunds),
    timeline: events.map((event) => ({ status: event.status as OrderStatus, note: event.note, at: event.createdAt.toISOString() })),
    expectedDelivery: window ? { from: window.from.toISOString(), to: window.to.toISOString() } : null,
    reservedUntil: status === 'pending_payment' || status === 'awaiting_confirmation' ? (order.reservedUntil?.toISOString() ?? null) : null,
    canCancel: isCancellable(status),
    canReturn: deliveredWithinClaim && (status === 'delivered' || (status === 'return_requested' && piecesLeft)),
    courier: order.courier,
    trackingNumber: order.trackingNumber,
    cancelReason: order.cancelReason,
    returnReason: order.returnReason,
    returnItems,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
  };
}

// The furthest from done first: what the shopper is told when one order has several refunds under way.
const REFUND_STATE_ORDER: readonly PendingRefund['state'][] = ['stopped', 'retrying', 'unconfirmed', 'processing'];

/** The refunds not confirmed yet, as one sum and the state of the one furthest from done; null when none. */
function pendingRefundOf(rows: readonly RefundRow[]): PendingRefund | null {
  if (rows.length === 0) return null;
  const states = rows.map((row) => ({ row, state: refundStateOf(row) })).filter((item) => item.state !== 'processed');
  const worst = REFUND_STATE_ORDER.find((state) => states.some((item) => item.state === state));
  if (!worst) return null;
  const next = states
    .filter((item) => item.state === worst && item.row.nextAttemptAt)
    .map((item) => item.row.nextAttemptAt!.getTime())
    .sort((a, b) => a - b)[0];
  return {
    amount: states.reduce((sum, item) => sum + item.row.amountPaise, 0),
    state: worst,
    nextAttemptAt: next === undefined ? null : new Date(next).toISOString(),
  };
}

/**
 * The lines a return names, checked against the order: an item is the order line's id (or its product's id when
 * one line holds that product), 1 to the pieces bought; none named means every piece. A bad one is a 400 naming `items`.
 */
function returnLinesOf(items: ItemRow[], wanted: ReturnItemInput[] | undefined): Array<{ orderItemId: string; quantity: number }> {
  if (!wanted) return items.map((item) => ({ orderItemId: item.id, quantity: item.quantity }));
  const refuse = (message: string) => new AppError('INVALID_DATA', `items: ${message}`, { items: message });
  if (wanted.length === 0) throw refuse('Choose at least one item to return.');
  const pieces = new Map<string, number>();
  for (const { itemId, quantity } of wanted) {
    const byProduct = items.filter((item) => item.productId === itemId);
    const line = items.find((item) => item.id === itemId) ?? (byProduct.length === 1 ? byProduct[0] : undefined);
    if (!line) throw refuse('That item is not in this order.');
    const total = (pieces.get(line.id) ?? 0) + quantity;
    if (total > line.quantity) throw refuse(`You bought ${line.quantity} of ${line.productName}; you cannot return ${total}.`);
    pieces.set(line.id, total);
  }
  return [...pieces].map(([orderItemId, quantity]) => ({ orderItemId, quantity }));
}

/** '1 × Chikankari Cotton Kurti (Red, M), 2 × Dupatta': the pieces a request adds beyond those `held` already. */
function addedPieces(items: ItemRow[], added: Array<{ orderItemId: string; quantity: number }>, held: ReadonlyMap<string, number>): string {
  return added
    .map((line) => {
      const item = items.find((candidate) => candidate.id === line.orderItemId)!;
      return `${line.quantity - (held.get(line.orderItemId) ?? 0)} × ${pieceName(item)}`;
    })
    .join(', ');
}

/**
 * The UPI ID a return's refund goes to (issue 41): a cash-on-delivery order's refund is sent by hand, so her return
 * names one (`name@bank`, checked by the schema), or keeps the one an open return gave; an online order's refund goes
 * back to the payment, so it takes none. A refusal is a 400 naming `upiId`.
 */
function refundUpiIdOf(order: OrderRow, given: string | undefined): string | null {
  const refuse = (message: string) => new AppError('INVALID_DATA', `upiId: ${message}`, { upiId: message });
  if (order.paymentMethod !== 'cod') {
    if (given) throw refuse('This order was paid online: its refund goes back to the same payment, with no UPI ID needed.');
    return null;
  }
  const upiId = given ?? order.returnUpiId;
  if (!upiId) throw refuse(UPI_ID_MISSING);
  return upiId;
}

/** Pieces going back per order line; a return made before per-item returns named none and sends every piece. */
async function returningOf(tx: Db, orderId: string, items: ItemRow[]): Promise<Map<string, number>> {
  const rows = await returnItemsOfOrder(tx, orderId);
  return rows.length > 0
    ? new Map(rows.map((row) => [row.orderItemId, row.quantity]))
    : new Map(items.map((item) => [item.id, item.quantity]));
}

/** One piece count of a received return as the back-office gives it: an order line, how many, restocked or not. */
export interface ReceivedItemInput {
  itemId: string;
  quantity: number;
  restock: boolean;
}

interface ReceivedLine {
  item: ItemRow;
  restocked: number;
  writtenOff: number;
}

/**
 * The receipt's lines, checked against the approved return: each item an order line the return holds, its pieces in
 * all (restocked and written off) at most those approved. A bad one is a 400 naming `items`.
 */
function receivedLinesOf(items: ItemRow[], approved: ReadonlyMap<string, number>, given: readonly ReceivedItemInput[]): ReceivedLine[] {
  const refuse = (message: string) => new AppError('INVALID_DATA', `items: ${message}`, { items: message });
  if (given.length === 0) throw refuse('Say what arrived: at least one piece.');
  const lines = new Map<string, ReceivedLine>();
  for (const { itemId, quantity, restock } of given) {
    const item = items.find((candidate) => candidate.id === itemId);
    const allowed = item ? (approved.get(item.id) ?? 0) : 0;
    if (!item || allowed === 0) throw refuse('That item is not in this return.');
    const line = lines.get(item.id) ?? { item, restocked: 0, writtenOff: 0 };
    if (restock) line.restocked += quantity;
    else line.writtenOff += quantity;
    if (line.restocked + line.writtenOff > allowed) {
      throw refuse(
        `${allowed} of ${pieceName(item)} ${allowed === 1 ? 'was' : 'were'} approved for return; you cannot receive ${line.restocked + line.writtenOff}.`,
      );
    }
    lines.set(item.id, line);
  }
  return [...lines.values()];
}

/** 'We received your return: 1 × Kurti (Red, M) back in stock; 1 × Dupatta written off (damaged).' */
function receiptNote(lines: readonly ReceivedLine[]): string {
  const part = (pick: 'restocked' | 'writtenOff') =>
    lines
      .filter((line) => line[pick] > 0)
      .map((line) => `${line[pick]} × ${pieceName(line.item)}`)
      .join(', ');
  const restocked = part('restocked');
  const writtenOff = part('writtenOff');
  const checked = [restocked && `${restocked} checked`, writtenOff && `${writtenOff} damaged`].filter(Boolean).join('; ');
  return `We received your return: ${checked}. Your refund follows.`;
}

export type OrdersService = ReturnType<typeof createOrdersService>;
