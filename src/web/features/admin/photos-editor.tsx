import { ArrowDown, ArrowUp, ImagePlus, Star, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { PRODUCT_LIMITS } from '../../../shared/admin-product.contract.ts';
import { imageAtWidth } from '../../../shared/images.ts';
import { FieldError } from '../../components/form-field.tsx';
import { uploadProductPhoto } from './products.api.ts';

interface Props {
  images: string[];
  thumbnail: string | null;
  onChange: (images: string[], thumbnail: string | null) => void;
  error?: string;
}

const iconButton =
  'inline-grid size-9 place-items-center rounded-full text-muted ring-1 ring-line hover:bg-sand hover:text-ink disabled:opacity-40 disabled:hover:bg-transparent';

/**
 * The product's photographs: upload (the server checks and converts each), put in order, choose the
 * one the cards show, remove. Nothing is saved until the product is.
 */
export function PhotosEditor({ images, thumbnail, onChange, error }: Props) {
  const inputId = useId();
  const [uploading, setUploading] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const cover = thumbnail ?? images[0] ?? null;

  async function add(files: FileList | null) {
    if (!files?.length) return;
    setProblems([]);
    const room = PRODUCT_LIMITS.images - images.length;
    const chosen = [...files].slice(0, Math.max(0, room));
    const refused = files.length > chosen.length ? [`At most ${PRODUCT_LIMITS.images} photographs: ${files.length - chosen.length} left out.`] : [];
    setUploading(chosen.length);
    const added: string[] = [];
    for (const file of chosen) {
      try {
        added.push(await uploadProductPhoto(file));
      } catch (err) {
        refused.push(`${file.name}: ${err instanceof Error ? err.message : String(err)}`);
      }
      setUploading((n) => n - 1);
    }
    const next = [...new Set([...images, ...added])];
    onChange(next, thumbnail ?? next[0] ?? null);
    setProblems(refused);
  }

  const move = (from: number, to: number) => {
    const next = [...images];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next, thumbnail);
  };
  const remove = (url: string) => {
    const next = images.filter((u) => u !== url);
    onChange(next, thumbnail === url ? (next[0] ?? null) : thumbnail);
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="sr-only">Photographs</legend>
      <p className="text-xs text-muted">JPEG, PNG or WebP, up to 15 MB each. The starred one shows on the cards; the order is the gallery's.</p>
      {images.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {images.map((url, i) => (
            <li key={url} className={`grid gap-2 rounded-xl border bg-white p-2 ${url === cover ? 'border-wine' : 'border-line'}`}>
              <img src={imageAtWidth(url, 320)} alt={`Photograph ${i + 1}`} className="aspect-[3/4] w-full rounded-lg bg-sand object-cover" />
              <div className="flex items-center justify-between gap-1">
                <button
                  type="button"
                  className={`${iconButton} ${url === cover ? 'bg-wine text-ivory ring-wine hover:bg-wine-dark hover:text-ivory' : ''}`}
                  aria-pressed={url === cover}
                  aria-label={`Show photograph ${i + 1} on the cards`}
                  onClick={() => onChange(images, url)}
                >
                  <Star className="size-4" aria-hidden="true" />
                </button>
                <button type="button" className={iconButton} disabled={i === 0} aria-label={`Move photograph ${i + 1} earlier`} onClick={() => move(i, i - 1)}>
                  <ArrowUp className="size-4" aria-hidden="true" />
                </button>
                <button type="button" className={iconButton} disabled={i === images.length - 1} aria-label={`Move photograph ${i + 1} later`} onClick={() => move(i, i + 1)}>
                  <ArrowDown className="size-4" aria-hidden="true" />
                </button>
                <button type="button" className={`${iconButton} hover:text-red-800`} aria-label={`Remove photograph ${i + 1}`} onClick={() => remove(url)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div>
        <label
          htmlFor={inputId}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full px-5 text-sm font-medium text-wine ring-1 ring-wine hover:bg-wine hover:text-ivory focus-within:outline-2 focus-within:outline-wine"
        >
          <ImagePlus className="size-4" aria-hidden="true" /> {uploading > 0 ? `Uploading ${uploading}...` : 'Add photographs'}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          className="sr-only"
          disabled={uploading > 0 || images.length >= PRODUCT_LIMITS.images}
          onChange={(e) => {
            void add(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      {problems.length > 0 && (
        <ul role="alert" className="grid gap-1 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {error && <FieldError>{error}</FieldError>}
    </fieldset>
  );
}
