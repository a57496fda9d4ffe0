/**
 * A value from outside as PostgreSQL can keep it in jsonb or text: NUL and unpaired surrogates,
 * which JSON allows (`\u0000`, `\ud800`), each become U+FFFD, so what came is still recorded and
 * one hostile string never fails the statement it rides in (a payment's event, a courier's batch
 * of reports).
 */
// eslint-disable-next-line no-control-regex
const LONE_SURROGATE_OR_NUL = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function storable(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE_OR_NUL, '\ufffd');
  if (Array.isArray(value)) return value.map(storable);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k) as string, storable(v)]));
  return value;
}
