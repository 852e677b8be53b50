import { ORDER_STATUSES, canTransition } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { actionsFor, pageActionsFor } from './order-actions';

const TARGET = {
  pack: 'packed',
  ship: 'shipped',
  deliver: 'delivered',
  returnToOrigin: 'returned_to_origin',
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
    expect(actionsFor('shipped')).toEqual(['deliver', 'returnToOrigin']);
    expect(actionsFor('shipped')).not.toContain('cancel');
    expect(actionsFor('return_requested')).toEqual(['approveReturn', 'rejectReturn']);
    expect(actionsFor('returned')).toEqual(['refund']);
  });

  it('refunds a prepaid parcel back at origin, and offers nothing for a COD one, which was never paid (issue 41)', () => {
    expect(pageActionsFor({ status: 'returned_to_origin', returnReceivedAt: null, cod: null })).toEqual(['refund']);
    const cod = { amountDue: 124_900, cashCollected: null, collectedAt: null, upiId: null };
    expect(pageActionsFor({ status: 'returned_to_origin', returnReceivedAt: null, cod })).toEqual([]);
    expect(pageActionsFor({ status: 'shipped', returnReceivedAt: null, cod })).toEqual(['deliver', 'returnToOrigin']);
  });
});
