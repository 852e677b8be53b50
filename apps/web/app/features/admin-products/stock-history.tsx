import type { StockMovement, StockReason } from '@shop/core';
import { DataTable } from '../../components/data-table';
import { EmptyState } from '../../components/page-header';
import { UrlModal } from '../../components/url-modal';
import { formatDateTime } from '../../lib/order-format';

/** The stock history the product view's loader answered for `?history=<id>`: whose shelf, and its newest changes. */
export interface StockHistoryData {
  /** The variant's (or the variant-less product's) id. */
  id: string;
  /** 'Red / M', or the product's name for its own stock. */
  label: string;
  movements: StockMovement[];
}

/** Why the stock moved, as the owner reads it (the ledger's reasons, ADR 023). */
export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  order_reserved: 'Ordered',
  order_released: 'Order released',
  order_retaken: 'Order taken again',
  bill: 'Counter bill',
  bill_void: 'Bill voided',
  bill_return: 'Returned at the counter',
  return_restocked: 'Returned online',
  return_written_off: 'Returned online, written off (damaged)',
  returned_to_origin: 'Returned to origin',
  csv_import: 'CSV import',
  admin_edit: 'Edited',
  seed: 'Opening stock',
};

/** The reason with what it refers to: 'Ordered · ORD-20260310-0001', 'Counter bill · INV/2025-26/0042'. */
export function reasonText(movement: StockMovement): string {
  const reference = movement.orderNumber ?? movement.invoiceNumber;
  return reference ? `${STOCK_REASON_LABELS[movement.reason]} · ${reference}` : STOCK_REASON_LABELS[movement.reason];
}

/** '+5', '−2' (a real minus sign), '0'. */
export const signedChange = (change: number): string => (change > 0 ? `+${change}` : change < 0 ? `−${-change}` : '0');

/** The history of one shelf's stock: when, the change, the quantity it left, why and who; the newest 50. */
export function StockHistoryDialog({ history }: { history: StockHistoryData | null }) {
  if (!history) return null;
  return (
    <UrlModal name="history" title={`Stock history · ${history.label}`} width="3xl">
      {history.movements.length === 0 ? (
        <EmptyState title="No stock changes yet." />
      ) : (
        <>
          <DataTable
            caption={`Stock changes of ${history.label}, newest first`}
            rows={history.movements}
            rowKey={(movement) => `${movement.createdAt}-${movement.reason}-${movement.change}-${movement.quantityAfter}`}
            columns={[
              { header: 'When', primary: true, cell: (movement) => formatDateTime(movement.createdAt) },
              {
                header: 'Change',
                numeric: true,
                cell: (movement) => (
                  <span className={movement.change < 0 ? 'text-wine-700' : movement.change > 0 ? 'text-[#1a6b3c]' : ''}>
                    {signedChange(movement.change)}
                  </span>
                ),
              },
              { header: 'Quantity after', numeric: true, cell: (movement) => movement.quantityAfter },
              { header: 'Why', cell: (movement) => reasonText(movement) },
              { header: 'Who', cell: (movement) => movement.actorName },
            ]}
          />
          {history.movements.length >= 50 && <p className="mt-3 text-xs text-muted">The newest 50 changes.</p>}
        </>
      )}
    </UrlModal>
  );
}
