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
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where each status may go next. `cancelled` is allowed only before `shipped`; returns only after delivery. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['packed', 'cancelled'],
  packed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: ['return_requested'],
  // A rejected return puts the order back to delivered.
  return_requested: ['returned', 'delivered'],
  returned: ['refunded'],
  // A paid order that is cancelled is refunded; an unpaid one stays cancelled.
  cancelled: ['refunded'],
  refunded: [],
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
};

export const canTransition = (from: OrderStatus, to: OrderStatus): boolean => ORDER_TRANSITIONS[from].includes(to);

/** What a request to move an order means: a real move, a repeat of the move already made, or a refusal. */
export type TransitionOutcome =
  | { kind: 'move'; from: OrderStatus; to: OrderStatus }
  | { kind: 'already'; status: OrderStatus }
  | { kind: 'refused'; from: OrderStatus; to: OrderStatus };

/**
 * Decides a status change. Asking for the status the order already has is `already` (so retries of the same
 * call are harmless); any move not declared above is `refused`.
 */
export function transition(from: OrderStatus, to: OrderStatus): TransitionOutcome {
  if (from === to) return { kind: 'already', status: from };
  return canTransition(from, to) ? { kind: 'move', from, to } : { kind: 'refused', from, to };
}

/** The shopper may cancel until the parcel leaves. */
export const isCancellable = (status: OrderStatus): boolean => canTransition(status, 'cancelled');

/** States an order never leaves. */
export const isFinal = (status: OrderStatus): boolean => ORDER_TRANSITIONS[status].length === 0;
