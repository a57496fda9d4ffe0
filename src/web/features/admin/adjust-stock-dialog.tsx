import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { stockAdjustContract, type AdminProductRow } from '../../../shared/admin-product.contract.ts';
import { availabilityOf, ONE_SIZE } from '../../../shared/stock.ts';
import { inputClass, TextField } from '../../components/form-field.tsx';
import { usePricingSettings } from '../../lib/pricing-settings.ts';
import { useAdjustStock } from './products.api.ts';
import { DialogSaveActions, saveInDialog } from './dialog-save.tsx';

const REASONS = [
  ['restocked', 'New pieces came in'],
  ['corrected', 'A correction (counted again, damaged, given away)'],
] as const;

/**
 * The list's quick stock change (issue 16): one size's new count and why, written to the stock
 * ledger with the owner's name. Checked by the same contract as the API.
 */
export function AdjustStockDialog({ product }: { product: AdminProductRow }) {
  const [open, setOpen] = useState(false);
  const [size, setSize] = useState(product.sizes[0]?.size ?? ONE_SIZE);
  const current = product.sizes.find((s) => s.size === size)?.stock ?? 0;
  const [count, setCount] = useState(String(current));
  const [reason, setReason] = useState<(typeof REASONS)[number][0]>('restocked');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const adjust = useAdjustStock(product.id);
  // The owner's own low-stock mark, as the shop will label the piece with it.
  const { lowStockThreshold } = usePricingSettings();
  const sized = product.sizes.some((s) => s.size !== ONE_SIZE);

  const choose = (next: string) => {
    setSize(next);
    setCount(String(product.sizes.find((s) => s.size === next)?.stock ?? 0));
  };
  async function save(e: React.FormEvent) {
    e.preventDefault();
    const checked = stockAdjustContract.safeParse({ size, stock: /^\s*\d{1,9}\s*$/.test(count) ? Number(count) : count, reason, note });
    await saveInDialog(checked, {
      refused: 'Please check the count.',
      save: adjust.mutateAsync,
      savedText: (saved) => `${product.name}${sized ? `, size ${size}` : ''}: ${saved.stock} in stock.`,
      setError,
      close: () => setOpen(false),
    });
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setError(null);
        if (o) choose(size);
      }}
    >
      <Dialog.Trigger
        aria-label={`Adjust stock: ${product.name}`}
        className="min-h-10 shrink-0 self-end rounded-full px-3 text-sm font-medium text-wine ring-1 ring-wine/60 hover:bg-wine hover:text-ivory"
      >
        Adjust stock
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl bg-ivory p-6 shadow-2xl">
          <Dialog.Title className="font-display text-2xl font-semibold">Adjust stock</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">{product.name}: the count you set is recorded with the reason and your name.</Dialog.Description>
          <form onSubmit={(e) => void save(e)} noValidate className="grid gap-4">
            {sized && (
              <label className="grid gap-1 text-sm">
                <span className="font-medium">Size</span>
                <select value={size} onChange={(e) => choose(e.target.value)} className={inputClass}>
                  {product.sizes.map((s) => (
                    <option key={s.size} value={s.size}>
                      {s.size}: {s.stock} in stock
                    </option>
                  ))}
                </select>
              </label>
            )}
            <TextField
              label="Pieces in stock now"
              inputMode="numeric"
              value={count}
              onChange={(e) => setCount(e.target.value)}
              hint={/^\s*\d{1,9}\s*$/.test(count) ? `Was ${current}. The shop will say ${availabilityOf(Number(count), lowStockThreshold)}.` : `Was ${current}.`}
            />
            <fieldset className="grid gap-2 text-sm">
              <legend className="mb-1 font-medium">Why</legend>
              {REASONS.map(([value, label]) => (
                <label key={value} className="flex items-center gap-2">
                  <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} className="size-4 accent-wine" />
                  {label}
                </label>
              ))}
            </fieldset>
            <TextField label="Note (optional)" value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
            <DialogSaveActions error={error} busy={adjust.isPending}>
              Save the count
            </DialogSaveActions>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
