import type { SizeChart } from '@shop/core';
import { Ruler } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

const SizeChartDialog = lazy(() => import('./size-chart-dialog').then((module) => ({ default: module.SizeChartDialog })));

/** 'Size chart' beside the size picker: body measurements per size, in inches or centimetres (loaded on opening). */
export function SizeChartButton({ chart }: { chart: SizeChart }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-wine-700 underline-offset-2 hover:underline"
      >
        <Ruler aria-hidden="true" className="h-4 w-4" /> Size chart
      </button>
      {open && (
        <Suspense fallback={null}>
          <SizeChartDialog chart={chart} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
