import { ImageOff, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { lineSoldOut, unitPrice, type CartItem } from '../../../shared/cart.ts';
import { withSize } from '../../../shared/sizes.ts';
import { imageAtWidth } from '../../../shared/images.ts';
import { formatInr } from '../../../shared/money.ts';
import { PriceLine } from '../../components/price-line.tsx';
import type { LineChange } from './cart.api.ts';
import { QuantityStepper } from './quantity-stepper.tsx';

/** Spec §2 Cart: one line, with its select checkbox, quantity control and remove. */
/** `discount`: the line's share of the offers and code on the selection (issue 50), once the server has said. */
export function CartLine({ item, busy, discount = 0, onChange }: { item: CartItem; busy: boolean; discount?: number; onChange: (change: LineChange) => void }) {
  const { product, productId, size } = item;
  const picture = product.thumbnail ?? product.images[0];
  const soldOut = lineSoldOut(item);
  const own = item.sizes.find((s) => s.size === size);
  // The tick follows the tap in the same event (the cart's cached copy follows a moment later).
  const [selected, setSelected] = useState(item.selected);
  useEffect(() => setSelected(item.selected), [item.selected]);
  return (
    <li className="flex gap-3 border-b border-line/70 py-4 last:border-b-0 sm:gap-4">
      <div className="flex items-start pt-1">
        <input
          type="checkbox"
          checked={selected}
          disabled={busy}
          onChange={(e) => {
            setSelected(e.target.checked);
            onChange({ productId, size, change: { selected: e.target.checked } });
          }}
          aria-label={`Select ${product.name}`}
          className="size-5 accent-wine"
        />
      </div>
      <Link to={`/product/${productId}`} className="block w-20 shrink-0 self-start overflow-hidden rounded-md bg-sand sm:w-24" tabIndex={-1} aria-hidden="true">
        {picture ? (
          <img src={imageAtWidth(picture, 320)} alt="" width={320} height={427} loading="lazy" className="aspect-[3/4] w-full object-cover" />
        ) : (
          <div className="grid aspect-[3/4] place-items-center text-muted">
            <ImageOff className="size-6" />
          </div>
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-sm leading-snug sm:text-base">
            <Link to={`/product/${productId}`} className="hover:text-wine">
              {product.name}
            </Link>
          </h2>
          <button
            type="button"
            onClick={() => onChange({ productId, size, remove: true })}
            disabled={busy}
            aria-label={`Remove ${product.name} from cart`}
            className="-mr-2 -mt-2 grid size-10 shrink-0 place-items-center rounded-full text-muted hover:bg-sand hover:text-wine disabled:opacity-50"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
        <PriceLine price={product.price} offerPrice={product.offerPrice} />
        {product.sized && <LineSize item={item} busy={busy} onMove={(to) => onChange({ productId, size, change: { size: to } })} />}
        {soldOut ? (
          <p className="text-sm font-medium text-red-800">
            {own ? (product.sized ? `Size ${size} is out of stock: choose another size, or keep it here.` : 'Out of stock: it stays here, but cannot be bought now.') : 'This size is no longer made: please choose another.'}
          </p>
        ) : (
          own?.left != null && <p className="text-sm text-wine">Only {own.left} left</p>
        )}
        <div className="flex flex-wrap items-end justify-between gap-2">
          <QuantityStepper name={withSize(product.name, size)} quantity={item.quantity} busy={busy} onChange={(quantity) => onChange({ productId, size, change: { quantity } })} />
          <p className="text-sm text-muted">
            <span className="sr-only">Line total: </span>
            <span className="font-semibold text-ink">{formatInr(unitPrice(product) * item.quantity)}</span>
            {discount > 0 && <span className="block text-right text-emerald-800">−{formatInr(discount)} off</span>}
          </p>
        </div>
      </div>
    </li>
  );
}

/** The line's size, changeable in place: a move joins the line of that size if there is one. */
function LineSize({ item, busy, onMove }: { item: CartItem; busy: boolean; onMove: (size: string) => void }) {
  const id = `size-${item.productId}-${item.size}`;
  const known = item.sizes.some((s) => s.size === item.size);
  return (
    <p className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-muted">
        Size
      </label>
      <select
        id={id}
        value={item.size}
        disabled={busy}
        onChange={(e) => onMove(e.target.value)}
        aria-label={`Size of ${item.product.name}`}
        className="h-9 rounded-md border border-line bg-white px-2 text-ink"
      >
        {!known && <option value={item.size}>{item.size} (no longer made)</option>}
        {item.sizes.map((s) => (
          <option key={s.size} value={s.size} disabled={s.soldOut && s.size !== item.size}>
            {s.size}
            {s.soldOut ? ' (sold out)' : ''}
          </option>
        ))}
      </select>
    </p>
  );
}
