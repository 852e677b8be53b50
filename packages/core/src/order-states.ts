/**
 * The order lifecycle (DESIGN.md): every status change goes through `transition`, so an order can only move
 * along a declared edge. Pure: no I/O; the orders service applies it inside one transaction.
 */
export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'return_requested',
  'returned',
  'refunded',
  // Cash on delivery (issue 41): placed, waiting for the shopper's e-mailed code; then confirmed, the COD twin of
  // paid; and a parcel refused at the door or undeliverable, back at the shop.
  'awaiting_confirmation',
  'confirmed',
  'returned_to_origin',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where each status may go next. `cancelled` is allowed only before `shipped`; returns only after delivery. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['packed', 'cancelled'],
  packed: ['shipped', 'cancelled'],
  // Delivered, or refused at the door / undeliverable and sent back (returned to origin).
  shipped: ['delivered', 'returned_to_origin'],
  delivered: ['return_requested'],
  // A rejected return puts the order back to delivered.
  return_requested: ['returned', 'delivered'],
  returned: ['refunded'],
  // A paid order that is cancelled is refunded; an unpaid one stays cancelled. An order cancelled because its
  // reservation ran out becomes paid when the payment arrives late and its pieces are still there (guarded below).
  cancelled: ['paid', 'refunded'],
  refunded: [],
  // Cash on delivery: the code confirms the order (or 24 hours cancel it); then it ships as a paid order does.
  awaiting_confirmation: ['confirmed', 'cancelled'],
  confirmed: ['packed', 'cancelled'],
  // Back at the shop: a COD order owes nothing; a prepaid one is refunded when the owner decides.
  returned_to_origin: ['refunded'],
};

/** Why a cancelled order was cancelled: its reservation ran out unpaid, or the shopper or the back-office asked. */
export type CancelKind = 'expired' | 'requested';

/** What the guarded edges need to know about the order. */
export interface TransitionFacts {
  /** For a cancelled order: how it came to be cancelled. */
  cancelKind?: CancelKind | null;
}

/**
 * Edges declared above that hold only under a condition. A payment after an explicit cancel never revives the
 * order (it is refunded); only an order the clock cancelled is taken back.
 */
const GUARDS: { readonly [F in OrderStatus]?: { readonly [T in OrderStatus]?: (facts: TransitionFacts) => boolean } } = {
  cancelled: { paid: (facts) => facts.cancelKind === 'expired' },
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  return_requested: 'Return requested',
  returned: 'Returned',
  refunded: 'Refunded',
  awaiting_confirmation: 'Awaiting confirmation',
  confirmed: 'Confirmed',
  returned_to_origin: 'Returned to origin',
};

/** Whether an order may move from `from` to `to`: a declared edge whose guard, if it has one, holds for `facts`. */
export const canTransition = (from: OrderStatus, to: OrderStatus, facts: TransitionFacts = {}): boolean =>
  ORDER_TRANSITIONS[from].includes(to) && (GUARDS[from]?.[to]?.(facts) ?? true);

/** What a request to move an order means: a real move, a repeat of the move already made, or a refusal. */
export type TransitionOutcome =
  | { kind: 'move'; from: OrderStatus; to: OrderStatus }
  | { kind: 'already'; status: OrderStatus }
  | { kind: 'refused'; from: OrderStatus; to: OrderStatus };

/**
 * Decides a status change. Asking for the status the order already has is `already` (so retries of the same
 * call are harmless); any move not declared above, or whose guard does not hold, is `refused`.
 */
export function transition(from: OrderStatus, to: OrderStatus, facts: TransitionFacts = {}): TransitionOutcome {
  if (from === to) return { kind: 'already', status: from };
  return canTransition(from, to, facts) ? { kind: 'move', from, to } : { kind: 'refused', from, to };
}

/** The shopper may cancel until the parcel leaves. */
export const isCancellable = (status: OrderStatus): boolean => canTransition(status, 'cancelled');

/** States an order never leaves. */
export const isFinal = (status: OrderStatus): boolean => ORDER_TRANSITIONS[status].length === 0;
