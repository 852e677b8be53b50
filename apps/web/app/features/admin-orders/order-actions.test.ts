import { ORDER_STATUSES, canTransition } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { actionsFor } from './order-actions';

const TARGET = {
  pack: 'packed',
  ship: 'shipped',
  deliver: 'delivered',
  cancel: 'cancelled',
  approveReturn: 'returned',
  rejectReturn: 'delivered',
  refund: 'refunded',
} as const;

describe('admin order actions', () => {
  it('offers only moves the order lifecycle allows', () => {
    for (const status of ORDER_STATUSES) {
      for (const action of actionsFor(status)) expect(canTransition(status, TARGET[action]), `${status} → ${action}`).toBe(true);
    }
  });

  it('walks paid → packed → shipped → delivered, and cancels only before shipping', () => {
    expect(actionsFor('paid')).toEqual(['pack', 'cancel']);
    expect(actionsFor('packed')).toEqual(['ship', 'cancel']);
    expect(actionsFor('shipped')).toEqual(['deliver']);
    expect(actionsFor('shipped')).not.toContain('cancel');
    expect(actionsFor('return_requested')).toEqual(['approveReturn', 'rejectReturn']);
    expect(actionsFor('returned')).toEqual(['refund']);
  });
});
