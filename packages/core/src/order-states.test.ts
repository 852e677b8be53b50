import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ORDER_TRANSITIONS, canTransition, isCancellable, isFinal, transition, type OrderStatus } from './order-states.js';

describe('order state machine', () => {
  it('follows the happy path from payment to delivery', () => {
    const path: OrderStatus[] = ['pending_payment', 'paid', 'packed', 'shipped', 'delivered'];
    for (let i = 1; i < path.length; i++)
      expect(transition(path[i - 1]!, path[i]!)).toEqual({ kind: 'move', from: path[i - 1], to: path[i] });
  });

  it('allows cancelling before shipping and never after', () => {
    expect(ORDER_STATUSES.filter(isCancellable)).toEqual(['pending_payment', 'paid', 'packed', 'awaiting_confirmation', 'confirmed']);
    expect(transition('shipped', 'cancelled')).toEqual({ kind: 'refused', from: 'shipped', to: 'cancelled' });
    expect(transition('delivered', 'cancelled').kind).toBe('refused');
  });

  it('moves returns only after delivery, and refunds only cancelled or returned orders', () => {
    expect(canTransition('paid', 'return_requested')).toBe(false);
    expect(canTransition('delivered', 'return_requested')).toBe(true);
    expect(canTransition('return_requested', 'returned')).toBe(true);
    expect(canTransition('return_requested', 'delivered')).toBe(true);
    expect(ORDER_STATUSES.filter((status) => canTransition(status, 'refunded'))).toEqual(['cancelled', 'returned', 'returned_to_origin']);
  });

  it('takes a cash-on-delivery order from its code to the door, or back to the shop (issue 41)', () => {
    const path: OrderStatus[] = ['awaiting_confirmation', 'confirmed', 'packed', 'shipped', 'delivered'];
    for (let i = 1; i < path.length; i++) expect(transition(path[i - 1]!, path[i]!).kind).toBe('move');
    // Unconfirmed for 24 hours, or the shopper changes her mind: cancelled, nothing to refund.
    expect(canTransition('awaiting_confirmation', 'cancelled')).toBe(true);
    // Confirmation is the COD twin of payment: never paid, never packed before it.
    expect(canTransition('awaiting_confirmation', 'paid')).toBe(false);
    expect(canTransition('awaiting_confirmation', 'packed')).toBe(false);
    // Refused at the door: only a shipped parcel comes back to origin, and never after delivery.
    expect(ORDER_STATUSES.filter((status) => canTransition(status, 'returned_to_origin'))).toEqual(['shipped']);
    expect(canTransition('returned_to_origin', 'delivered')).toBe(false);
  });

  it('never moves backwards along the main path', () => {
    const main: OrderStatus[] = ['pending_payment', 'paid', 'packed', 'shipped', 'delivered'];
    for (const [i, later] of main.entries()) for (const earlier of main.slice(0, i)) expect(canTransition(later, earlier)).toBe(false);
  });

  it('treats a repeat of the current status as already done, so retries are harmless', () => {
    expect(transition('paid', 'paid')).toEqual({ kind: 'already', status: 'paid' });
  });

  it('declares every status, and only refunded is final', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(ORDER_STATUSES.filter(isFinal)).toEqual(['refunded']);
  });

  it('revives a cancelled order as paid only when the cancel was its reservation running out (issue 4)', () => {
    expect(ORDER_TRANSITIONS.cancelled).toContain('paid');
    expect(transition('cancelled', 'paid', { cancelKind: 'expired' })).toEqual({ kind: 'move', from: 'cancelled', to: 'paid' });
    expect(transition('cancelled', 'paid', { cancelKind: 'requested' })).toEqual({ kind: 'refused', from: 'cancelled', to: 'paid' });
    expect(transition('cancelled', 'paid')).toEqual({ kind: 'refused', from: 'cancelled', to: 'paid' });
    expect(canTransition('cancelled', 'paid')).toBe(false);
    expect(canTransition('cancelled', 'refunded', { cancelKind: 'requested' })).toBe(true);
    // Never back to waiting for payment: a late payment is taken or refunded, the order does not reopen.
    for (const from of ORDER_STATUSES) expect(canTransition(from, 'pending_payment', { cancelKind: 'expired' })).toBe(false);
  });
});
