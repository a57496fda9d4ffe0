import type { SizeListChoice } from '../../../shared/admin-product.contract.ts';
import { availabilityOf } from '../../../shared/stock.ts';
import { TextField } from '../../components/form-field.tsx';
import { usePricingSettings } from '../../lib/pricing-settings.ts';
import { FitBySize } from './fit-by-size.tsx';
import { SizeChartEditor } from './size-chart-editor.tsx';

/** What the owner typed for the sizes: the list (null for one size), and pieces per size ('' = not made). */
export interface SizesDraft {
  sizeListId: number | null;
  stock: string;
  sizeStock: Record<string, string>;
}

const WHOLE = /^\s*\d{1,9}\s*$/;

/** The draft as the contract takes it: a size left blank is not offered. */
export function sizesInput(d: SizesDraft, lists: SizeListChoice[]) {
  const list = lists.find((l) => l.id === d.sizeListId);
  const sizes = (list?.sizes ?? []).flatMap((size) => {
    const typed = d.sizeStock[size]?.trim() ?? '';
    if (typed === '') return [];
    return [{ size, stock: WHOLE.test(typed) ? Number(typed) : 'not a number' }];
  });
  return {
    sizeListId: d.sizeListId,
    stock: d.sizeListId !== null ? undefined : WHOLE.test(d.stock) ? Number(d.stock) : d.stock.trim() === '' ? undefined : 'not a number',
    sizes,
  };
}

/**
 * Sizes and stock (issue 16): one size with its pieces, or a size list with pieces per size. A size
 * left blank is not made; 0 is made but sold out (shown struck on the product page).
 */
export function SizesEditor({ draft, lists, errors, productId, onChange }: { draft: SizesDraft; lists: SizeListChoice[]; errors: Record<string, string | undefined>; productId?: number; onChange: (d: SizesDraft) => void }) {
  const list = lists.find((l) => l.id === draft.sizeListId);
  // The owner's own low-stock mark, as the shop will label the piece with it.
  const { lowStockThreshold } = usePricingSettings();
  return (
    <div className="grid gap-4">
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Sold in</span>
        <select
          value={draft.sizeListId ?? ''}
          onChange={(e) => onChange({ ...draft, sizeListId: e.target.value === '' ? null : Number(e.target.value) })}
          className="h-11 rounded-md border border-line bg-white px-3"
        >
          <option value="">One size (sarees, dupattas, stoles)</option>
          {lists.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}: {l.sizes.join(', ')}
            </option>
          ))}
        </select>
        {errors.sizeListId && <span className="text-red-800">{errors.sizeListId}</span>}
      </label>
      {list ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Pieces in stock per size</legend>
          <p className="text-sm text-muted">Leave a size blank if you do not make it; 0 shows it as sold out.</p>
          <div className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-7">
            {list.sizes.map((size) => (
              <TextField
                key={size}
                label={size}
                inputMode="numeric"
                aria-label={`Pieces in stock, size ${size}`}
                value={draft.sizeStock[size] ?? ''}
                onChange={(e) => onChange({ ...draft, sizeStock: { ...draft.sizeStock, [size]: e.target.value } })}
              />
            ))}
          </div>
          {errors.sizes && <p className="text-sm text-red-800">{errors.sizes}</p>}
          <SizeChartEditor list={list} />
          {/* Beside the chart, so a size buyers call small is corrected where it is measured (issue 51). */}
          {productId !== undefined && <FitBySize productId={productId} sizes={list.sizes} />}
        </fieldset>
      ) : (
        <TextField
          label="Pieces in stock"
          inputMode="numeric"
          value={draft.stock}
          error={errors.stock}
          hint={WHOLE.test(draft.stock) ? `The shop will say ${availabilityOf(Number(draft.stock), lowStockThreshold)}.` : 'How many you can sell now; the shop shows In Stock, Only a few left or Out of Stock from it.'}
          onChange={(e) => onChange({ ...draft, stock: e.target.value })}
        />
      )}
    </div>
  );
}
