import type { LucideIcon } from 'lucide-react';

/** A figure of a report: label, value and a line under it. */
export function MetricTile({
  label,
  value,
  note,
  icon: Icon,
  className = '',
}: {
  label: string;
  value: string;
  note?: string;
  icon: LucideIcon;
  /** Its place in the grid ('sm:col-span-2'). */
  className?: string;
}) {
  return (
    <div className={`flex items-center gap-4 rounded-2xl border border-line bg-white p-4 sm:p-5 ${className}`}>
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-wine-50 text-wine-700">
        <Icon aria-hidden="true" className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted">{label}</p>
        {/* Whole at every width ('₹2,79,233.53' was cut to '₹2,79,23…' in a quarter of a laptop's row). */}
        <p className="text-xl font-bold tabular-nums [overflow-wrap:anywhere] 2xl:text-2xl">{value}</p>
        {note && <p className="text-xs text-muted">{note}</p>}
      </div>
    </div>
  );
}
