import { describe, expect, it } from 'vitest';
import { shopDestination } from './reverse-pickup.js';

// A return's `shipping_*` fields come from the shop's one-line address (Settings): street, city and pincode.

describe('shopDestination', () => {
  it('takes the last pincode, the city written with it or before it (not the state), and the street before that', () => {
    expect(shopDestination('14, 2nd Cross, Jayanagar 4th Block, Bengaluru, Karnataka 560011', 'Karnataka')).toEqual({
      street: '14, 2nd Cross, Jayanagar 4th Block',
      city: 'Bengaluru',
      pincode: '560011',
    });
    expect(shopDestination('22 Usman Road, T. Nagar, Chennai - 600017')).toEqual({
      street: '22 Usman Road, T. Nagar',
      city: 'Chennai',
      pincode: '600017',
    });
    expect(shopDestination('Shop 4, MG Road\nPune\n411001')).toEqual({ street: 'Shop 4, MG Road', city: 'Pune', pincode: '411001' });
  });

  it('says no pincode when the address has none', () => {
    expect(shopDestination('Shop 4, MG Road, Pune').pincode).toBeNull();
  });
});
