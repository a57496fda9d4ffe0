/** The block a page drawn on the server names the app's code in, for src/web/drawing/boot.ts to start it. */
export const APP_BOOT_ID = 'app-boot';

export interface AppBoot {
  /** The app's entry module (Vite's build of main.tsx). */
  entry: string;
  /** The modules it and the page's screen import, asked for together when the app starts. */
  modules: string[];
}
