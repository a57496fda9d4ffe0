/**
 * How buyers say each size fits (issue 51), beside the size chart in the product editor: a size most
 * buyers call small or large is a chart to correct. Published reviews only; sizes in the list's order.
 */
import { FIT_LABELS, FIT_MIN_ANSWERS, FITS, type SizeFit } from '../../../shared/reviews.ts';
import { Link } from 'react-router';
import { useFitBySize } from './reviews.api.ts';

const answersOf = (s: SizeFit) => s.small + s.true + s.large;

/** "Runs small" once enough buyers answered and more than half of them say so; else nothing to act on. */
function leaning(s: SizeFit): string | null {
  const n = answersOf(s);
  if (n < FIT_MIN_ANSWERS) return null;
  const off = s.small > s.large ? 'small' : 'large';
  return s[off] * 2 > n ? FIT_LABELS[off] : null;
}

export function FitBySize({ productId, sizes }: { productId: number; sizes: readonly string[] }) {
  const fit = useFitBySize(productId);
  const rows = [...(fit.data?.sizes ?? [])].sort((a, b) => sizes.indexOf(a.size) - sizes.indexOf(b.size));
  if (rows.length === 0) return null;
  return (
    <div className="grid gap-2 rounded-lg bg-sand/40 p-3 text-sm">
      <p className="font-medium">How buyers say it fits</p>
      <table className="w-full max-w-lg text-left">
        <thead className="text-muted">
          <tr>
            <th scope="col" className="py-1 pr-3 font-normal">
              Size
            </th>
            {FITS.map((f) => (
              <th key={f} scope="col" className="py-1 pr-3 font-normal">
                {FIT_LABELS[f]}
              </th>
            ))}
            <th scope="col" className="py-1 font-normal">
              <span className="sr-only">What it tells</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.size} className="border-t border-line/70">
              <th scope="row" className="py-1 pr-3 font-medium">
                {s.size}
              </th>
              {FITS.map((f) => (
                <td key={f} className="py-1 pr-3 tabular-nums">
                  {s[f]}
                </td>
              ))}
              <td className="py-1 font-medium text-wine">{leaning(s) && `${leaning(s)}: check the chart`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Link className="justify-self-start font-medium text-wine underline underline-offset-4" to={`/admin/reviews?product=${productId}&state=published`}>
        Read this piece’s reviews
      </Link>
    </div>
  );
}
