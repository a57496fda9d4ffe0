/**
 * The shop's tax registration (issue 18): who its invoices are issued by. None until the owner
 * says; a stored value that no longer passes the contract (a hand edit) is treated as none and
 * said in the log, so no invoice is ever issued under a GSTIN that would not pass today.
 */
import { taxSettingsContract, type TaxSettings } from '../../../shared/tax-settings.contract.ts';
import type { Db } from '../../db/client.ts';
import { saveTaxSettingsValue, taxSettingsValue } from './tax-settings.queries.ts';

export function taxSettingsFrom(value: unknown, log: (line: string) => void = console.error): TaxSettings | null {
  if (value === undefined) return null;
  const parsed = taxSettingsContract.safeParse(value);
  if (parsed.success) return parsed.data;
  log(`Tax settings are not valid (${parsed.error.issues[0]?.message}); invoices wait until the owner saves them again`);
  return null;
}

export function createTaxSettingsService(db: Db) {
  const current = async (on: Pick<Db, 'select'> = db) => taxSettingsFrom(await taxSettingsValue(on));
  return {
    current,
    async save(input: TaxSettings): Promise<TaxSettings | null> {
      await saveTaxSettingsValue(db, input);
      return current();
    },
  };
}

export type TaxSettingsService = ReturnType<typeof createTaxSettingsService>;
