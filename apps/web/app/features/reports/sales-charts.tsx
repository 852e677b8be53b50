import type { SalesDay } from '@shop/core';
import { Bar, BarChart, CartesianGrid, Cell, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

// The report pages' charts (recharts): imported only by /admin/sales, /admin/weeklySelling and /admin/monthlySelling, so the
// storefront's bundles never carry it. Animations off: the numbers are what matter, and screenshots stay stable.

const WINE = '#761c3a';
const GOLD = '#9a7428';
const PALETTE = ['#761c3a', '#9a7428', '#3f6b5c', '#4a5a8a', '#b0577a', '#6b5d5a', '#c28f2c', '#2f4f6f'];
const rupeeAxis = (paise: number) => `₹${Math.round(paise / 100).toLocaleString('en-IN')}`;
const rupeeTip = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function ChartFrame({
  title,
  summary,
  height = 256,
  children,
}: {
  title: string;
  summary: string;
  /** In pixels; a chart with a row per item grows with them. */
  height?: number;
  children: React.ReactElement;
}) {
  return (
    <figure className="rounded-2xl border border-line bg-white p-4 sm:p-5 print:break-inside-avoid">
      <figcaption className="mb-3 font-semibold">{title}</figcaption>
      {/* A text version for screen readers; the picture is for the eye. Each chart leaves its keyboard layer off
          (accessibilityLayer): a focusable chart inside aria-hidden is a stop with nothing said (axe aria-hidden-focus). */}
      <p className="sr-only">{summary}</p>
      <div style={{ height }} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

const tick = { fontSize: 12, fill: '#6b5d5a' };

export function RevenueBarChart({ days, label }: { days: SalesDay[]; label: (day: SalesDay) => string }) {
  const data = days.map((day) => ({ name: label(day), revenue: day.revenue }));
  return (
    <ChartFrame title="Daily sales revenue" summary={days.map((day) => `${label(day)}: ${rupeeTip(day.revenue)}`).join('; ')}>
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 4, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e4d8c8" vertical={false} />
        <XAxis dataKey="name" tick={tick} tickLine={false} axisLine={{ stroke: '#e4d8c8' }} interval="preserveStartEnd" />
        <YAxis tickFormatter={rupeeAxis} tick={tick} tickLine={false} axisLine={false} width={64} />
        <Tooltip formatter={(value) => [rupeeTip(Number(value)), 'Revenue']} cursor={{ fill: '#fbf1f4' }} />
        <Bar dataKey="revenue" fill={WINE} radius={[6, 6, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

export function UnitsLineChart({ days, label }: { days: SalesDay[]; label: (day: SalesDay) => string }) {
  const data = days.map((day) => ({ name: label(day), units: day.units }));
  return (
    <ChartFrame title="Units sold" summary={days.map((day) => `${label(day)}: ${day.units}`).join('; ')}>
      <LineChart accessibilityLayer={false} data={data} margin={{ top: 4, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e4d8c8" vertical={false} />
        <XAxis dataKey="name" tick={tick} tickLine={false} axisLine={{ stroke: '#e4d8c8' }} interval="preserveStartEnd" />
        <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} width={40} />
        <Tooltip formatter={(value) => [String(value), 'Units']} />
        <Line type="monotone" dataKey="units" stroke={GOLD} strokeWidth={2.5} dot={{ r: 3.5, fill: GOLD }} isAnimationActive={false} />
      </LineChart>
    </ChartFrame>
  );
}

export function CategoryChart({ categories }: { categories: Array<{ category: string; revenue: number; units: number }> }) {
  return (
    <ChartFrame
      title="Sales by category"
      summary={categories.map((row) => `${row.category}: ${rupeeTip(row.revenue)}`).join('; ')}
      // A row of 32 px per category, so each bar keeps its label (10 bars showed 5 labels in 256 px).
      height={Math.max(256, categories.length * 32 + 40)}
    >
      <BarChart accessibilityLayer={false} data={categories} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e4d8c8" horizontal={false} />
        <XAxis type="number" tickFormatter={rupeeAxis} tick={tick} tickLine={false} axisLine={false} />
        <YAxis type="category" dataKey="category" interval={0} tick={tick} tickLine={false} axisLine={false} width={96} />
        <Tooltip formatter={(value) => [rupeeTip(Number(value)), 'Revenue']} cursor={{ fill: '#fbf1f4' }} />
        <Bar dataKey="revenue" radius={[0, 6, 6, 0]} isAnimationActive={false}>
          {categories.map((row, index) => (
            <Cell key={row.category} fill={PALETTE[index % PALETTE.length]} />
          ))}
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}
