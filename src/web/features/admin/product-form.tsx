import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { productInputContract, type AdminProduct, type GroupChoice, type ProductInput, type SizeListChoice } from '../../../shared/admin-product.contract.ts';
import type { DeliveryInfo } from '../../../shared/catalog.ts';
import { discountLabel, formatInr, parsePriceText } from '../../../shared/money.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { FormMessage, GroupPicker, SubmitButton, TextAreaField, TextField } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { PhotosEditor } from './photos-editor.tsx';
import { usePricingSettings } from '../../lib/pricing-settings.ts';
import { AttributesEditor, attributesDraft, attributesInput, type AttributesDraft } from './attributes-editor.tsx';
import { DetailsEditor, detailsDraft, detailsInput, type DetailsDraft } from './details-editor.tsx';
import { TaxEditor, taxDraft, taxInput, type TaxDraft } from './tax-editor.tsx';
import { firstByField } from './use-contract-form.ts';
import { SizesEditor, sizesInput, type SizesDraft } from './sizes-editor.tsx';
import { useSaveProduct } from './products.api.ts';

interface Draft {
  name: string;
  price: string;
  offerPrice: string;
  sizes: SizesDraft;
  details: DetailsDraft;
  attributes: AttributesDraft;
  tax: TaxDraft;
  description: string;
  keyHighlights: { label: string; text: string }[];
  fullDescription: string;
  manufactureAndCare: string;
  returnPolicy: string;
  finalSale: boolean;
  deliveryInfo: DeliveryInfo;
  featured: boolean;
  categories: string[];
  collections: string[];
  images: string[];
  thumbnail: string | null;
}

const rupees = (paise: number | null) => (paise === null ? '' : (paise / 100).toFixed(2));

function draftOf(p: AdminProduct | undefined): Draft {
  return {
    name: p?.name ?? '',
    price: p ? rupees(p.price) : '',
    offerPrice: p ? rupees(p.offerPrice) : '',
    sizes: {
      sizeListId: p?.sizeListId ?? null,
      stock: p && p.sizeListId === null ? String(p.stock) : '',
      sizeStock: Object.fromEntries((p?.sizes ?? []).map((s) => [s.size, String(s.stock)])),
    },
    details: detailsDraft(p?.details),
    attributes: attributesDraft(p?.attributes),
    tax: taxDraft(p?.tax),
    description: p?.description ?? '',
    keyHighlights: p?.keyHighlights ?? [],
    fullDescription: p?.fullDescription ?? '',
    manufactureAndCare: p?.manufactureAndCare ?? '',
    returnPolicy: p?.returnPolicy ?? '',
    finalSale: p?.finalSale ?? false,
    deliveryInfo: p?.deliveryInfo ?? { standardDelivery: true, expressDelivery: true, pincodeDelivery: true },
    featured: p?.featured ?? false,
    categories: p?.categories ?? [],
    collections: p?.collections ?? [],
    images: p?.images ?? [],
    thumbnail: p?.thumbnail ?? null,
  };
}

/** What the owner typed, as the contract takes it: prices by spec §3's rule (digits and dot kept). */
function inputOf({ sizes, details, attributes, tax, ...d }: Draft, lists: SizeListChoice[]) {
  return {
    ...d,
    details: detailsInput(details),
    attributes: attributesInput(attributes),
    tax: taxInput(tax),
    price: d.price.trim() === '' ? undefined : (parsePriceText(d.price) ?? 'not a price'),
    offerPrice: d.offerPrice.trim() === '' ? null : (parsePriceText(d.offerPrice) ?? 'not a price'),
    ...sizesInput(sizes, lists),
  };
}


const DELIVERIES: { key: keyof DeliveryInfo; label: string }[] = [
  { key: 'standardDelivery', label: 'Standard delivery' },
  { key: 'expressDelivery', label: 'Express delivery' },
  { key: 'pincodeDelivery', label: 'Delivery check by PIN code' },
];

interface Props {
  product?: AdminProduct;
  groups: { categories: GroupChoice[]; collections: GroupChoice[]; sizeLists: SizeListChoice[] };
  onSaved: (saved: AdminProduct, created: boolean) => void;
}

/** Every field of spec §3's product, checked by the same contract as the API before it is sent. */
export function ProductForm({ product, groups, onSaved }: Props) {
  const [draft, setDraft] = useState(() => draftOf(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const save = useSaveProduct(product?.id);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const pricing = usePricingSettings();

  const price = typedPaise(draft.price);
  const offer = typedPaise(draft.offerPrice);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setMessage(null);
    const checked = productInputContract.safeParse(inputOf(draft, groups.sizeLists));
    if (!checked.success) {
      setErrors(firstByField(checked.error.issues));
      return setMessage({ tone: 'error', text: 'Please fix the errors below.' });
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(checked.data as ProductInput);
      setMessage({ tone: 'success', text: product ? 'Saved. The shop shows the change now.' : 'Product created. It is in the shop now.' });
      onSaved(saved, !product);
    } catch (err) {
      if (err instanceof ApiError) setErrors({ ...err.fields });
      setMessage({ tone: 'error', text: err instanceof Error ? err.message : String(err) });
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-6">
      <Basics draft={draft} errors={errors} set={set} />

      <Card title="Sizes and stock">
        <SizesEditor draft={draft.sizes} lists={groups.sizeLists} errors={errors} productId={product?.id} onChange={(sizes) => set('sizes', sizes)} />
      </Card>

      <Card title="Saree and kurta details">
        <DetailsEditor draft={draft.details} errors={errors} onChange={(details) => set('details', details)} />
      </Card>

      <Card title="Fabric, colour and occasion">
        <AttributesEditor draft={draft.attributes} error={errors.attributes} onChange={(attributes) => set('attributes', attributes)} />
      </Card>

      <Card title="Tax">
        <TaxEditor draft={draft.tax} error={errors.tax} pay={offer ?? price} settings={pricing} onChange={(tax) => set('tax', tax)} />
      </Card>

      <Card title="Photographs">
        <PhotosEditor images={draft.images} thumbnail={draft.thumbnail} error={errors.images ?? errors.thumbnail} onChange={(images, thumbnail) => setDraft((d) => ({ ...d, images, thumbnail }))} />
      </Card>

      <Card title="Words">
        <TextAreaField label="Description" rows={3} value={draft.description} error={errors.description} hint="A line or two under the name." onChange={(e) => set('description', e.target.value)} />
        <Highlights rows={draft.keyHighlights} error={errors.keyHighlights} onChange={(rows) => set('keyHighlights', rows)} />
        <TextAreaField label="Full description" rows={6} value={draft.fullDescription} error={errors.fullDescription} onChange={(e) => set('fullDescription', e.target.value)} />
        <TextAreaField label="Manufacture and care" value={draft.manufactureAndCare} error={errors.manufactureAndCare} onChange={(e) => set('manufactureAndCare', e.target.value)} />
        <TextAreaField label="Return policy" rows={2} value={draft.returnPolicy} error={errors.returnPolicy} onChange={(e) => set('returnPolicy', e.target.value)} />
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-wine" checked={draft.finalSale} onChange={(e) => set('finalSale', e.target.checked)} />
          <span>
            Final sale: not returnable
            <span className="block text-xs text-ink/60">For a stitched blouse, a made-to-measure piece, a saree with fall and pico done. A piece that arrives damaged or wrong is still taken back.</span>
          </span>
        </label>
      </Card>

      <Card title="Delivery and groups">
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Delivery</legend>
          {DELIVERIES.map(({ key, label }) => (
            <label key={key} className="flex items-center gap-3 text-sm">
              <input type="checkbox" className="size-5 accent-wine" checked={draft.deliveryInfo[key]} onChange={(e) => set('deliveryInfo', { ...draft.deliveryInfo, [key]: e.target.checked })} />
              {label}
            </label>
          ))}
        </fieldset>
        <GroupPicker legend="Categories" choices={groups.categories} chosen={draft.categories} error={errors.categories} onChange={(v) => set('categories', v)} />
        <GroupPicker legend="Collections" choices={groups.collections} chosen={draft.collections} error={errors.collections} onChange={(v) => set('collections', v)} />
      </Card>

      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={save.isPending} busyText="Saving...">
          {product ? 'Save changes' : 'Create product'}
        </SubmitButton>
      </div>
    </form>
  );
}

/** A price as typed, in paise; null when it is empty or not a price. */
const typedPaise = (typed: string) => (typed.trim() ? parsePriceText(typed) : null);

const saysAs = (paise: number | null, typed: string) =>
  typed.trim() === '' ? undefined : paise === null ? 'Type digits, such as 1299 or 1,299.50.' : `Saved as ${formatInr(paise)}`;

interface BasicsProps {
  draft: Draft;
  errors: Record<string, string>;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
}

/** The name, the prices (each read back as it will be saved, and what the shop will show) and whether it is featured. */
function Basics({ draft, errors, set }: BasicsProps) {
  const price = typedPaise(draft.price);
  const offer = typedPaise(draft.offerPrice);
  return (
    <Card title="The basics">
      <TextField label="Name" value={draft.name} error={errors.name} onChange={(e) => set('name', e.target.value)} maxLength={200} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Price (₹)" inputMode="decimal" value={draft.price} error={errors.price} hint={saysAs(price, draft.price) ?? 'The full price, such as 1299 or ₹1,299.00.'} onChange={(e) => set('price', e.target.value)} />
        <TextField
          label="Offer price (₹)"
          inputMode="decimal"
          value={draft.offerPrice}
          error={errors.offerPrice}
          hint={saysAs(offer, draft.offerPrice) ?? 'Optional: what the shopper pays instead.'}
          onChange={(e) => set('offerPrice', e.target.value)}
        />
      </div>
      {price !== null && (
        <p className="text-sm text-muted" aria-live="polite">
          The shop will show {formatInr(offer ?? price)}
          {offer !== null && offer < price && (
            <>
              {' '}
              instead of {formatInr(price)}: {discountLabel(price, offer)}
            </>
          )}
          .
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex items-center gap-3 self-end rounded-lg bg-sand/50 p-3 text-sm">
          <input type="checkbox" className="size-5 accent-wine" checked={draft.featured} onChange={(e) => set('featured', e.target.checked)} />
          <span>
            <span className="font-medium">Featured</span>
            <span className="block text-muted">First on the home page and in Best Seller.</span>
          </span>
        </label>
      </div>
    </Card>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-2xl border border-line bg-white/80 p-4 sm:p-6">
      <h2 id={id} className="font-display text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Highlights({ rows, error, onChange }: { rows: Draft['keyHighlights']; error?: string; onChange: (rows: Draft['keyHighlights']) => void }) {
  const change = (i: number, part: 'label' | 'text', value: string) => onChange(rows.map((r, j) => (j === i ? { ...r, [part]: value } : r)));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Key highlights</legend>
      {rows.map((row, i) => (
        <div key={i} className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[12rem_1fr_auto]">
          <TextField label={`Highlight ${i + 1} label`} placeholder="Fabric" value={row.label} onChange={(e) => change(i, 'label', e.target.value)} className="col-span-1" />
          <TextField label={`Highlight ${i + 1}`} placeholder="Pure silk" value={row.text} onChange={(e) => change(i, 'text', e.target.value)} className="col-span-2 row-start-2 sm:col-span-1 sm:row-start-1 sm:col-start-2" />
          <button
            type="button"
            className="mt-6 inline-grid size-11 place-items-center self-start rounded-full text-muted ring-1 ring-line hover:text-red-800 sm:col-start-3"
            aria-label={`Remove highlight ${i + 1}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ))}
      <div>
        <button type="button" className={secondaryButtonClass} onClick={() => onChange([...rows, { label: '', text: '' }])}>
          <Plus className="mr-1 size-4" aria-hidden="true" /> Add a highlight
        </button>
      </div>
      {error && <p className="text-sm text-red-800">{error}</p>}
    </fieldset>
  );
}

