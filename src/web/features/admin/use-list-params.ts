import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

/**
 * An owner's list's search, filters and page, kept in the URL, so a reload or a shared link keeps
 * them. The search box writes the URL as it is typed (replacing, not stacking history), so no
 * navigation is ever left pending to land on a screen the owner has already left; only the fetch
 * waits for the typing to settle.
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
  return {
    params,
    page: Math.max(1, Number(params.get('page')) || 1),
    go,
    typed,
    search: useDebouncedValue(typed.trim(), 300),
    type: (text: string) => go({ search: text, page: 1 }, true),
  };
}
