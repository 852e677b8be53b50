import { rupeesCompact } from '@shop/core';

/** Selling price, struck-through MRP and '% off' when discounted. Amounts in paise. */
export function Price({ selling, mrp, discount, size = 'md' }: { selling: number; mrp: number; discount: number; size?: 'md' | 'lg' }) {
  const big = size === 'lg';
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${big ? 'gap-y-1' : ''}`}>
      <span className={`font-semibold text-ink ${big ? 'text-3xl' : 'text-base'}`}>
        <span className="sr-only">Price </span>
        {rupeesCompact(selling)}
      </span>
      {discount > 0 && mrp > selling && (
        <>
          <s className={`text-muted ${big ? 'text-lg' : 'text-sm'}`}>
            <span className="sr-only">MRP </span>
            {rupeesCompact(mrp)}
          </s>
          <span className={`font-semibold text-[#1d7a46] ${big ? 'text-lg' : 'text-sm'}`}>{discount}% off</span>
        </>
      )}
    </p>
  );
}
