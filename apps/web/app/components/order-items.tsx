import { rupeesCompact } from '@shop/core';
import type { OrderDetail, OrderProduct } from '@shop/core';
import { Shirt } from 'lucide-react';
import type { ReactNode } from 'react';
import { variantLabel } from '../lib/variant-label';

function ItemImage({ url, name }: { url: string | null; name: string }) {
  return url ? (
    <img
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      className="aspect-[4/5] w-16 shrink-0 self-start rounded-lg bg-sand object-cover sm:w-20 print:w-14"
    />
  ) : (
    <div
      role="img"
      aria-label={`${name}: no photo`}
      className="flex aspect-[4/5] w-16 shrink-0 items-center justify-center self-start rounded-lg bg-sand text-muted sm:w-20 print:w-14"
    >
      <Shirt aria-hidden="true" className="h-6 w-6 opacity-40" />
    </div>
  );
}

export const variantText = (item: Pick<OrderProduct, 'variantName' | 'variantColor' | 'variantSize'>) =>
  variantLabel({ name: item.variantName, color: item.variantColor, size: item.variantSize });

/**
 * One item of an order with its price breakdown: original price (MRP), discount %, final price, quantity and
 * line total (spec §2.9 order product details).
 */
export function OrderItemRow({
  item,
  showDescription = true,
  mark,
  action,
}: {
  item: OrderProduct;
  showDescription?: boolean;
  /** A label beside the name (the pieces of the line a return holds). */
  mark?: ReactNode;
  /** What the shopper can do with the item (write a review of a delivered one), under its details. */
  action?: ReactNode;
}) {
  const variant = variantText(item);
  return (
    <li className="flex gap-4 py-4 first:pt-0 last:pb-0 print:break-inside-avoid">
      <ItemImage url={item.image} name={item.productName} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0 flex-1">
            <p className="font-semibold leading-snug">{item.productName}</p>
            {mark && <div className="mt-1">{mark}</div>}
            {showDescription && item.productDescription && (
              <p className="mt-0.5 line-clamp-2 text-sm text-muted print:line-clamp-none">{item.productDescription}</p>
            )}
          </div>
          <p className="hidden text-base font-semibold tabular-nums sm:block print:block">
            <span className="sr-only">Total: </span>
            {rupeesCompact(item.lineTotal)}
          </p>
        </div>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          {(item.categoryName ?? item.productCategory) && (
            <>
              <dt className="text-muted">Category</dt>
              <dd>{item.categoryName ?? item.productCategory}</dd>
            </>
          )}
          {variant && (
            <>
              <dt className="text-muted">Variant</dt>
              <dd>{variant}</dd>
            </>
          )}
          <dt className="text-muted">Original price</dt>
          <dd className="tabular-nums">{rupeesCompact(item.productPrice)}</dd>
          <dt className="text-muted">Discount</dt>
          <dd>{item.productDiscount}%</dd>
          <dt className="text-muted">Final price</dt>
          <dd className="tabular-nums">
            {rupeesCompact(item.finalPrice)} × {item.quantity}
          </dd>
          {/* On phones the total sits here rather than beside the name. */}
          <dt className="font-semibold sm:hidden print:hidden">Total</dt>
          <dd className="font-semibold tabular-nums sm:hidden print:hidden">{rupeesCompact(item.lineTotal)}</dd>
        </dl>
        {action && <div className="mt-3 print:hidden">{action}</div>}
      </div>
    </li>
  );
}

/** Subtotal, shipping, total and, when money went back, the amount refunded. */
export function OrderTotals({
  order,
}: {
  order: Pick<OrderDetail, 'subtotal' | 'shipping' | 'total' | 'refundedAmount'> & Partial<Pick<OrderDetail, 'codFee'>>;
}) {
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between gap-4">
        <dt>Subtotal</dt>
        <dd className="tabular-nums">{rupeesCompact(order.subtotal)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>Shipping</dt>
        <dd className={order.shipping === 0 ? 'font-semibold text-[#1d7a46]' : 'tabular-nums'}>
          {order.shipping === 0 ? 'FREE' : rupeesCompact(order.shipping)}
        </dd>
      </div>
      {(order.codFee ?? 0) > 0 && (
        <div className="flex justify-between gap-4">
          <dt>Cash on delivery fee</dt>
          <dd className="tabular-nums">{rupeesCompact(order.codFee!)}</dd>
        </div>
      )}
      <div className="flex justify-between gap-4 border-t border-line pt-2 text-base font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums">{rupeesCompact(order.total)}</dd>
      </div>
      {order.refundedAmount > 0 && (
        <div className="flex justify-between gap-4 text-[#1a6b3c]">
          <dt>Refunded</dt>
          <dd className="tabular-nums">{rupeesCompact(order.refundedAmount)}</dd>
        </div>
      )}
    </dl>
  );
}
