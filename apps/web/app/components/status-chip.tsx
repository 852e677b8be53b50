import { ORDER_STATUS_LABELS, type OrderStatus } from '@shop/core';

// Each tone keeps its text at 4.5:1 or more on its background.
const TONES: Record<OrderStatus, string> = {
  pending_payment: 'bg-[#fdf1dc] text-[#7a4a05] border-[#f0d9a8]',
  paid: 'bg-[#e3f4ea] text-[#1a6b3c] border-[#bfe3cd]',
  packed: 'bg-[#e6eefb] text-[#244f91] border-[#c6d7f3]',
  shipped: 'bg-[#e6eefb] text-[#244f91] border-[#c6d7f3]',
  delivered: 'bg-[#e3f4ea] text-[#1a6b3c] border-[#bfe3cd]',
  cancelled: 'bg-sand text-muted border-line',
  return_requested: 'bg-wine-50 text-wine-700 border-wine-100',
  returned: 'bg-wine-50 text-wine-700 border-wine-100',
  refunded: 'bg-sand text-ink border-line',
  awaiting_confirmation: 'bg-[#fdf1dc] text-[#7a4a05] border-[#f0d9a8]',
  confirmed: 'bg-[#e3f4ea] text-[#1a6b3c] border-[#bfe3cd]',
  returned_to_origin: 'bg-wine-50 text-wine-700 border-wine-100',
};

/** The tones of TONES by meaning, for other statuses (a product's draft, active, archived). */
export const CHIP_TONES = { waiting: TONES.pending_payment, good: TONES.paid, quiet: TONES.cancelled } as const;

/** A small coloured chip; `tone` is one of the classes above. */
export function Chip({ tone, children }: { tone: string; children: string }) {
  return (
    <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 font-sans text-xs font-semibold ${tone}`}>{children}</span>
  );
}

/**
 * An order's status as a small coloured chip: 'Paid', 'Awaiting payment', 'Cancelled' … A refunded order that got
 * back only part of what was paid (some pieces returned) says 'Partly refunded' where the page knows the amounts.
 */
export function StatusChip({ status, partlyRefunded = false }: { status: OrderStatus; partlyRefunded?: boolean }) {
  return <Chip tone={TONES[status]}>{status === 'refunded' && partlyRefunded ? 'Partly refunded' : ORDER_STATUS_LABELS[status]}</Chip>;
}
