/** The shop's tax registration row (issue 18). */
import { oneRowSettings } from '../../db/one-row-settings.ts';
import { taxSettings } from '../../db/schema/index.ts';

export const { read: taxSettingsValue, save: saveTaxSettingsValue } = oneRowSettings(taxSettings);
