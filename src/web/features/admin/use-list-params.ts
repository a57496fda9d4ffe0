import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

/**
 * An owner's list's search, filters and page, kept in the URL, so a reload or a shared link keeps
 * them. The search box writes the URL as it is typed (replacing, not stacking history), so no
 * navigation is ever left pending to land on a screen the owner has already left; only the fetch
 * waits for the typing to settle. Until it has, `settling` is true: the list on screen is about to be
 * asked again, and says so (aria-busy), so nothing takes it for the answer (an axe scan in that
 * gap once judged the list's contrast while the answer dimmed it).
 */
export function useListParams(defaults: Record<string, string>) {
  const [params, setParams] = useSearchParams();
  const go = (change: Record<string, string | number>, replace = false) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(change)) {
          if (v === '' || String(v) === (defaults[k] ?? '') || (k === 'page' && v === 1)) next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      },
      { replace },
    );
  const typed = params.get('search') ?? '';
  const search = useDebouncedValue(typed.trim(), 300);
  return {
    params,
    page: Math.max(1, Number(params.get('page')) || 1),
    go,
    typed,
    search,
    settling: search !== typed.trim(),
    type: (text: string) => go({ search: text, page: 1 }, true),
  };
}
