import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { ProductDetail } from '../../../shared/catalog.ts';
import { CHOOSE_SIZE } from '../../../shared/sizes.ts';
import { ProductBuyButtons } from './product-actions.tsx';
import { onlyInCarts } from '../../lib/held-sizes.ts';
import { SizePicker } from './size-picker.tsx';

/**
 * The product page's buying block: the size picker for a piece in sizes (issue 16), then Buy Now,
 * Add to Cart and the like. Pressing either without a size says so beside the picker and moves
 * focus there; a card's "choose a size" arrives at #size with the picker in view.
 */
export function ProductPurchase({ product }: { product: ProductDetail }) {
  const offered = product.sizes.filter((s) => !s.soldOut);
  // One size left to choose from is chosen already.
  const [chosen, setChosen] = useState<string | null>(product.sized && product.sizes.length === 1 && offered.length === 1 ? offered[0]!.size : null);
  const [message, setMessage] = useState<string | null>(null);
  const picker = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();

  useEffect(() => {
    if (hash === '#size' && product.sized) picker.current?.focus();
  }, [hash, product.sized]);

  const choose = (size: string) => {
    setChosen(size);
    setMessage(null);
  };
  const needSize = () => {
    setMessage(CHOOSE_SIZE);
    picker.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    picker.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
  };

  return (
    <div className="flex flex-col gap-5">
      {product.sized && (
        <SizePicker ref={picker} productName={product.name} sizes={product.sizes} chart={product.sizeChart} chosen={chosen} onChoose={choose} message={message} />
      )}
      {!product.sized && product.sizes[0]?.left != null && <p className="text-sm font-medium text-wine">Only {product.sizes[0].left} left</p>}
      <ProductBuyButtons product={product} size={product.sized ? (chosen ?? undefined) : undefined} needSize={needSize} inCarts={onlyInCarts(product)} />
    </div>
  );
}
