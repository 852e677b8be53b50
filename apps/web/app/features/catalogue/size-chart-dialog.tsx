import { inchesToCm, type SizeChart } from '@shop/core';
import { useState } from 'react';
import { Modal } from '../../components/modal';

// The size chart's dialog, loaded when a shopper opens it (size-chart.tsx), not with every product page.

const COLUMNS = [
  { key: 'bust', label: 'Bust' },
  { key: 'waist', label: 'Waist' },
  { key: 'hip', label: 'Hip' },
  { key: 'length', label: 'Length' },
] as const;

export function SizeChartDialog({ chart, onClose }: { chart: SizeChart; onClose: () => void }) {
  const [unit, setUnit] = useState<'in' | 'cm'>('in');
  const columns = COLUMNS.filter((column) => chart.rows.some((row) => row[column.key] !== undefined));
  const show = (inches: number | undefined) => (inches === undefined ? '—' : unit === 'in' ? String(inches) : String(inchesToCm(inches)));
  return (
    <Modal title={`Size chart: ${chart.title}`} onClose={onClose}>
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
  );
}
