/**
 * The page's Content-Security-Policy allows styles from our own origin, plus <style> elements that
 * carry the nonce the server wrote into this page (src/server/http/security-headers.ts). Radix's
 * dialog writes such an element for its scroll lock (react-remove-scroll, through get-nonce), so it
 * is handed the nonce once, before anything renders.
 */
import { setNonce } from 'get-nonce';

export function adoptCspNonce(): void {
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
  if (nonce) setNonce(nonce);
}
