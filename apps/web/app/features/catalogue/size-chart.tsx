import { inchesToCm, type SizeChart } from '@shop/core';
import { Ruler } from 'lucide-react';
import { useState } from 'react';
import { Modal } from '../../components/modal';

const COLUMNS = [
  { key: 'bust', label: 'Bust' },
  { key: 'waist', label: 'Waist' },
  { key: 'hip', label: 'Hip' },
  { key: 'length', label: 'Length' },
] as const;

/** 'Size chart' beside the size picker: body measurements per size, in inches or centimetres. */
export function SizeChartButton({ chart }: { chart: SizeChart }) {
  const [open, setOpen] = useState(false);
  const [unit, setUnit] = useState<'in' | 'cm'>('in');
  const columns = COLUMNS.filter((column) => chart.rows.some((row) => row[column.key] !== undefined));
  const show = (inches: number | undefined) => (inches === undefined ? '—' : unit === 'in' ? String(inches) : String(inchesToCm(inches)));
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
        <Modal title={`Size chart: ${chart.title}`} onClose={() => setOpen(false)}>
          <div className="mb-3 flex items-center justify-between gap-3 text-sm">
            <p className="text-muted">Body measurements. Length: {chart.lengthNote.toLowerCase()}.</p>
            <div role="radiogroup" aria-label="Unit" className="flex shrink-0 rounded-full border border-line p-0.5">
              {(['in', 'cm'] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  role="radio"
                  aria-checked={unit === option}
                  onClick={() => setUnit(option)}
                  className="min-h-9 rounded-full px-3 font-semibold text-muted aria-checked:bg-wine-700 aria-checked:text-white"
                >
                  {option === 'in' ? 'Inches' : 'cm'}
                </button>
              ))}
            </div>
          </div>
          <table className="w-full text-sm">
            <caption className="sr-only">
              {chart.title} measurements in {unit === 'in' ? 'inches' : 'centimetres'}
            </caption>
            <thead>
              <tr className="border-b border-line text-left text-muted">
                <th scope="col" className="py-2 pr-2 font-medium">
                  Size
                </th>
                {columns.map((column) => (
                  <th key={column.key} scope="col" className="py-2 pr-2 text-right font-medium last:pr-0">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {chart.rows.map((row) => (
                <tr key={row.size} className="border-b border-line last:border-0">
                  <th scope="row" className="py-2 pr-2 text-left font-semibold">
                    {row.size}
                  </th>
                  {columns.map((column) => (
                    <td key={column.key} className="py-2 pr-2 text-right tabular-nums last:pr-0">
                      {show(row[column.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </Modal>
      )}
    </>
  );
}
