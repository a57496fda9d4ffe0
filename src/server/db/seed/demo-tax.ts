/**
 * The demo catalog's HSN codes and tax rules (issue 18, docs/decisions/0021): sarees are woven
 * fabric, taxed at 5% whatever the price (CBIC's GST rate FAQ of 27 July 2017): silk 5007, cotton
 * 5208, linen 5309, synthetic (georgette, chiffon) 5407. Kurtas, lehengas and suits are women's
 * garments (6204) and dupattas shawls and veils (6214): apparel, 5% up to ₹2,500 a piece before
 * GST and 18% above (notification 9/2025-Central Tax (Rate)). Four digits, as a shop with a
 * turnover up to ₹5 crore writes them (notification 78/2020-Central Tax).
 */
import { FABRIC_RATE_BP, type ProductTax } from '../../../shared/gst.ts';
import type { GarmentKind } from './demo-types.ts';

const fabric = (hsnCode: string): ProductTax => ({ hsnCode, taxRule: 'fixed', fixedRateBp: FABRIC_RATE_BP });
const apparel = (hsnCode: string): ProductTax => ({ hsnCode, taxRule: 'apparel', fixedRateBp: null });

/** A saree's fabric heading, from what the demo's name says it is woven of. */
function sareeHeading(name: string): string {
  if (/georgette|chiffon|crepe/i.test(name)) return '5407';
  if (/linen/i.test(name)) return '5309';
  if (/silk/i.test(name)) return '5007';
  return '5208';
}

/** The demo's and the synthetic catalog's pieces: by the kind of garment, and a saree by its fabric. */
export function demoTax(name: string, kind: GarmentKind): ProductTax {
  switch (kind) {
    case 'saree':
      return fabric(sareeHeading(name));
    case 'dupatta':
      return apparel('6214');
    default:
      return apparel('6204');
  }
}
