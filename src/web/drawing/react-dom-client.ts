/**
 * React's DOM renderer, a chunk of its own that the app's entry asks for one task after its own
 * code has run (main.tsx). Its own file so the build's manifest names it: the server hints it with
 * every page (src/server/web/preloads.ts), and home's initial JavaScript counts it (scripts/home-js.ts).
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
