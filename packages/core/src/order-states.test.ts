import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ORDER_TRANSITIONS, canTransition, isCancellable, isFinal, transition, type OrderStatus } from './order-states.js';

describe('order state machine', () => {
  it('follows the happy path from payment to delivery', () => {
    const path: OrderStatus[] = ['pending_payment', 'paid', 'packed', 'shipped', 'delivered'];
    for (let i = 1; i < path.length; i++)
      expect(transition(path[i - 1]!, path[i]!)).toEqual({ kind: 'move', from: path[i - 1], to: path[i] });
  });

  it('allows cancelling before shipping and never after', () => {
    expect(ORDER_STATUSES.filter(isCancellable)).toEqual(['pending_payment', 'paid', 'packed']);
    expect(transition('shipped', 'cancelled')).toEqual({ kind: 'refused', from: 'shipped', to: 'cancelled' });
    expect(transition('delivered', 'cancelled').kind).toBe('refused');
  });

  it('moves returns only after delivery, and refunds only cancelled or returned orders', () => {
    expect(canTransition('paid', 'return_requested')).toBe(false);
    expect(canTransition('delivered', 'return_requested')).toBe(true);
    expect(canTransition('return_requested', 'returned')).toBe(true);
    expect(canTransition('return_requested', 'delivered')).toBe(true);
    expect(ORDER_STATUSES.filter((status) => canTransition(status, 'refunded'))).toEqual(['cancelled', 'returned']);
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
});
