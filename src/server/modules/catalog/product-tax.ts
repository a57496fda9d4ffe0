/** A product's tax (issue 18) as its columns hold it: the fixed rule's rate is `tax_rate_bp`. */
import type { ProductTax } from '../../../shared/gst.ts';

export const taxColumns = (t: ProductTax) => ({ hsnCode: t.hsnCode, taxRule: t.taxRule, taxRateBp: t.taxRule === 'fixed' ? t.fixedRateBp : null });
