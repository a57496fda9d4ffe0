import { BLOUSE_PIECE, GARMENT_LENGTHS, type GarmentDetails } from '../../../shared/garment.ts';
import { inputClass, TextField } from '../../components/form-field.tsx';

/** What the owner typed for the details: text as typed, choices as picked ('' = not said). */
export interface DetailsDraft {
  sareeLengthM: string;
  blousePiece: string;
  blouseLengthM: string;
  fallPico: string;
  fit: string;
  length: string;
}

export const detailsDraft = (d: GarmentDetails | undefined): DetailsDraft => ({
  sareeLengthM: d?.sareeLengthM == null ? '' : String(d.sareeLengthM),
  blousePiece: d?.blousePiece ?? '',
  blouseLengthM: d?.blouseLengthM == null ? '' : String(d.blouseLengthM),
  fallPico: d?.fallPico == null ? '' : d.fallPico ? 'done' : 'not_done',
  fit: d?.fit ?? '',
  length: d?.length ?? '',
});

const metres = (typed: string) => (typed.trim() === '' ? null : /^\s*\d{1,2}(\.\d{1,2})?\s*$/.test(typed) ? Number(typed) : typed);

/** The draft as the contract takes it (the contract says what is wrong). */
export const detailsInput = (d: DetailsDraft) => ({
  sareeLengthM: metres(d.sareeLengthM),
  blousePiece: d.blousePiece === '' ? null : d.blousePiece,
  blouseLengthM: metres(d.blouseLengthM),
  fallPico: d.fallPico === '' ? null : d.fallPico === 'done',
  fit: d.fit,
  length: d.length === '' ? null : d.length,
});

function Choice({ label, value, options, onChange }: { label: string; value: string; options: [string, string][]; onChange: (v: string) => void }) {
  return (
    <label className="grid gap-1 text-sm">
      <span className="font-medium">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} className={inputClass}>
        <option value="">Not said</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Saree length, blouse piece, fall and pico; a kurta's fit and length (issue 16). Leave what does not apply. */
export function DetailsEditor({ draft, errors, onChange }: { draft: DetailsDraft; errors: Record<string, string | undefined>; onChange: (d: DetailsDraft) => void }) {
  const set = (key: keyof DetailsDraft) => (value: string) => onChange({ ...draft, [key]: value });
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField label="Saree length (m)" inputMode="decimal" placeholder="5.5" value={draft.sareeLengthM} onChange={(e) => set('sareeLengthM')(e.target.value)} />
      <Choice label="Blouse piece" value={draft.blousePiece} options={BLOUSE_PIECE.map((b) => [b, b === 'included' ? 'Included' : 'Not included'])} onChange={set('blousePiece')} />
      <TextField label="Blouse piece length (m)" inputMode="decimal" placeholder="0.8" value={draft.blouseLengthM} onChange={(e) => set('blouseLengthM')(e.target.value)} />
      <Choice label="Fall and pico" value={draft.fallPico} options={[['done', 'Done: ready to wear'], ['not_done', 'Not done']]} onChange={set('fallPico')} />
      <TextField label="Fit (kurtas, suits)" placeholder="Straight" maxLength={80} value={draft.fit} onChange={(e) => set('fit')(e.target.value)} />
      <Choice label="Length (kurtas, suits)" value={draft.length} options={GARMENT_LENGTHS.map((l) => [l, l])} onChange={set('length')} />
      {errors.details && <p className="text-sm text-red-800 sm:col-span-3">{errors.details}</p>}
    </div>
  );
}
