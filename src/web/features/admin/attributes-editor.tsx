import { COLOURS, FABRICS, OCCASIONS, ORIGINS, WEAVES, valuesOf, type Occasion, type ProductAttributes } from '../../../shared/attributes.ts';
import { inputClass, TextField } from '../../components/form-field.tsx';
import { ColourSwatch } from '../../components/colour-swatch.tsx';

/** What the owner picked: the choices as picked ('' = not said), the shade as typed. */
export interface AttributesDraft {
  fabric: string;
  colour: string;
  colourName: string;
  occasions: Occasion[];
  weave: string;
  origin: string;
}

export const attributesDraft = (a: ProductAttributes | undefined): AttributesDraft => ({
  fabric: a?.fabric ?? '',
  colour: a?.colour ?? '',
  colourName: a?.colourName ?? '',
  occasions: a?.occasions ?? [],
  weave: a?.weave ?? '',
  origin: a?.origin ?? '',
});

/** The draft as the contract takes it (the contract says what is wrong). */
export const attributesInput = (d: AttributesDraft) => ({
  fabric: d.fabric || null,
  colour: d.colour || null,
  colourName: d.colourName,
  occasions: d.occasions,
  weave: d.weave || null,
  origin: d.origin || null,
});

function Pick({ label, value, choices, onChange }: { label: string; value: string; choices: Readonly<Record<string, string>>; onChange: (v: string) => void }) {
  return (
    <label className="grid gap-1 text-sm">
      <span className="font-medium">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} className={inputClass}>
        <option value="">Not said</option>
        {Object.entries(choices).map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

const chipClass =
  'inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-line bg-white px-3 text-sm has-[:checked]:border-wine has-[:checked]:bg-wine/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-wine';

/** Fabric, colour and its shade, occasions, weave or work, origin (issue 20): what shoppers filter by. */
export function AttributesEditor({ draft, error, onChange }: { draft: AttributesDraft; error?: string; onChange: (d: AttributesDraft) => void }) {
  const set = <K extends keyof AttributesDraft>(key: K) => (value: AttributesDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted">Shoppers narrow the shop by these, and Product Details shows them.</p>
      <div className="grid gap-4 sm:grid-cols-3">
        <Pick label="Fabric" value={draft.fabric} choices={FABRICS} onChange={set('fabric')} />
        <Pick label="Weave or work" value={draft.weave} choices={WEAVES} onChange={set('weave')} />
        <Pick label="Origin" value={draft.origin} choices={ORIGINS} onChange={set('origin')} />
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Colour</legend>
        <div className="flex flex-wrap gap-2">
          <label className={chipClass}>
            <input type="radio" name="colour" className="sr-only" checked={draft.colour === ''} onChange={() => onChange({ ...draft, colour: '', colourName: '' })} />
            Not said
          </label>
          {valuesOf(COLOURS).map((c) => (
            <label key={c} className={chipClass}>
              <input type="radio" name="colour" className="sr-only" checked={draft.colour === c} onChange={() => set('colour')(c)} />
              <ColourSwatch colour={c} />
              {COLOURS[c]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label="The shade, in your words"
        placeholder="Rani pink"
        maxLength={60}
        hint="Optional: shown instead of the colour's name, such as Peacock blue or Bottle green."
        value={draft.colourName}
        onChange={(e) => set('colourName')(e.target.value)}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Occasions</legend>
        <div className="flex flex-wrap gap-2">
          {valuesOf(OCCASIONS).map((o) => (
            <label key={o} className={chipClass}>
              <input
                type="checkbox"
                className="size-4 accent-wine"
                checked={draft.occasions.includes(o)}
                onChange={(e) => set('occasions')(e.target.checked ? [...draft.occasions, o] : draft.occasions.filter((x) => x !== o))}
              />
              {OCCASIONS[o]}
            </label>
          ))}
        </div>
      </fieldset>
      {error && <p className="text-sm text-red-800">{error}</p>}
    </div>
  );
}
