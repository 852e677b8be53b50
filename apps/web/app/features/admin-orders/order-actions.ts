import type { AdminOrderDetail, OrderStatus } from '@shop/core';

/** What the back-office can do to an order in each status (core's ORDER_TRANSITIONS decides on the server). */
export type OrderMove = 'pack' | 'ship' | 'deliver' | 'returnToOrigin' | 'cancel' | 'approveReturn' | 'rejectReturn' | 'refund';
/**
 * The moves, sending again a refund that did not go through (issue 38), whatever the status, receiving an
 * approved return's pieces (issue 40: a form of its own, before the refund), and booking the courier through the
 * shipping provider (issue 42: the shipment section's button).
 */
export type AdminOrderAction = OrderMove | 'retryRefund' | 'receiveReturn' | 'book' | 'reattempt' | 'retryPickup';

const ACTIONS: Record<OrderStatus, readonly OrderMove[]> = {
  pending_payment: ['cancel'],
  paid: ['pack', 'cancel'],
  packed: ['ship', 'cancel'],
  // Delivered, or back at the shop: refused at the door or undeliverable (issue 41).
  shipped: ['deliver', 'returnToOrigin'],
  delivered: [],
  return_requested: ['approveReturn', 'rejectReturn'],
  returned: ['refund'],
  cancelled: [],
  refunded: [],
  awaiting_confirmation: ['cancel'],
  confirmed: ['pack', 'cancel'],
  // A prepaid parcel back at the shop is refunded by the owner; a COD one owes nothing (pageActionsFor).
  returned_to_origin: ['refund'],
};

export const actionsFor = (status: OrderStatus): readonly OrderMove[] => ACTIONS[status];

/** Whether the order has a refund for Retry refund to send again (Razorpay refused it, or did not answer). */
export const hasRefundToRetry = (order: Pick<AdminOrderDetail, 'refunds'>): boolean => order.refunds.some((refund) => refund.canRetry);

export const ADMIN_ORDER_ACTIONS = [
  'pack',
  'ship',
  'deliver',
  'returnToOrigin',
  'cancel',
  'approveReturn',
  'rejectReturn',
  'refund',
  'retryRefund',
  'receiveReturn',
  'book',
  'reattempt',
  'retryPickup',
] as const satisfies readonly AdminOrderAction[];

/** Moves that send money back: the owner's only (the API keeps them to its owner scope). */
export const OWNER_ACTIONS: readonly AdminOrderAction[] = ['cancel', 'refund', 'retryRefund'];

export const ACTION_LABELS: Record<AdminOrderAction, string> = {
  pack: 'Mark packed',
  ship: 'Mark shipped',
  deliver: 'Mark delivered',
  returnToOrigin: 'Returned to origin',
  cancel: 'Cancel order',
  approveReturn: 'Approve return',
  rejectReturn: 'Reject return',
  refund: 'Refund',
  retryRefund: 'Retry refund',
  receiveReturn: 'Receive return',
  book: 'Ship with courier',
  reattempt: 'Ask for a reattempt',
  retryPickup: 'Retry pickup booking',
};

/** The toast after each action succeeds. */
export const ACTION_DONE: Record<AdminOrderAction, string> = {
  pack: 'Order marked packed',
  ship: 'Order marked shipped',
  deliver: 'Order marked delivered',
  returnToOrigin: 'Order marked returned to origin',
  cancel: 'Order cancelled',
  approveReturn: 'Return approved',
  rejectReturn: 'Return rejected',
  refund: 'Refund started',
  retryRefund: 'Refund sent again',
  receiveReturn: 'Return received',
  book: 'Parcel booked: print the label',
  reattempt: 'Reattempt asked for',
  retryPickup: 'Return pickup booked',
};

/**
 * The moves the order page offers: a returned order is received first (the refund follows receipt, issue 40), so
 * Refund shows only once its pieces are checked; a COD parcel back at origin was never paid, so it has none.
 */
export const pageActionsFor = (
  order: Pick<AdminOrderDetail, 'status' | 'returnReceivedAt'> & Partial<Pick<AdminOrderDetail, 'cod'>>,
): readonly OrderMove[] =>
  (order.status === 'returned' && !order.returnReceivedAt) || (order.status === 'returned_to_origin' && order.cod)
    ? []
    : actionsFor(order.status);
