import type { BusinessBuyer } from '@shop/core';

/** A business buyer (issue 43): her business name, then her GSTIN and its state, for the order and bill pages. */
export function BuyerGstin({ business, className = '' }: { business: BusinessBuyer; className?: string }) {
  return (
    <div className={className} data-testid="buyer-gstin">
      <p className="font-semibold">{business.name}</p>
      <p>
        <span className="text-muted">Buyer GSTIN </span>
        <span className="whitespace-nowrap font-mono font-semibold">{business.gstin}</span>{' '}
        <span className="whitespace-nowrap text-muted">· {business.state}</span>
      </p>
    </div>
  );
}
