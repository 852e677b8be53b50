import type { BusinessBuyer } from '@shop/core';

/** A business buyer's GSTIN, her state and business name (issue 43), one line: order and bill pages, the tax invoice. */
export function BuyerGstin({ business, className = '' }: { business: BusinessBuyer; className?: string }) {
  return (
    <p className={className} data-testid="buyer-gstin">
      <span className="text-muted">Buyer GSTIN </span>
      <strong className="font-mono">{business.gstin}</strong> <span className="text-muted">({business.state})</span>
      <span className="block font-semibold">{business.name}</span>
    </p>
  );
}
