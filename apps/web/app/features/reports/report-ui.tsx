import { formatINR } from '@shop/core';
import type { LucideIcon } from 'lucide-react';

/** A figure of a report: label, value and a line under it. */
export function MetricTile({ label, value, note, icon: Icon }: { label: string; value: string; note?: string; icon: LucideIcon }) {
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-line bg-white p-4 sm:p-5">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-wine-50 text-wine-700">
        <Icon aria-hidden="true" className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted">{label}</p>
        <p className="truncate text-2xl font-bold tabular-nums">{value}</p>
        {note && <p className="text-xs text-muted">{note}</p>}
      </div>
    </div>
  );
}

/** Rupees with two decimals and Indian grouping. */
export const money = (paise: number) => formatINR(paise);
