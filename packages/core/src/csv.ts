// One rule for every CSV the back-office downloads (products, bills): a cell that a spreadsheet would run as a
// formula (CSV injection) is written as text. Spreadsheets read a cell starting with = + - @, a tab or a carriage
// return as a formula; a leading apostrophe makes it text. A cell that already starts with apostrophes before such
// a character gets one more, so `readCsvCell` gives back exactly what was written (the product CSV comes back in).

const FORMULA_START = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/;

/** A value as a CSV cell a spreadsheet shows as text, never runs. */
export const csvCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** What `csvCell` was given, from the cell it wrote (any other cell as it is). */
export const readCsvCell = (cell: string): string => (ESCAPED_FORMULA.test(cell) ? cell.slice(1) : cell);

/** A row of cells with every text cell through `csvCell` (numbers stay numbers). */
export const csvRow = (cells: ReadonlyArray<string | number>): Array<string | number> =>
  cells.map((cell) => (typeof cell === 'string' ? csvCell(cell) : cell));

/** Written first, so Excel opens a UTF-8 CSV as UTF-8 (₹, names in Indian scripts), not in the PC's code page. */
export const UTF8_BOM = '\uFEFF';
