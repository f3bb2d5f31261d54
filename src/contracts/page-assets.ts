// The built files one page needs, chosen by the server from the build manifest and rendered into the
// document head; the browser reads the same object back from the page to hydrate identically.

export interface PageAssets {
  /** Module script that boots the app in the browser. */
  readonly entry: string;
  readonly css: readonly string[];
  readonly preloads: readonly string[];
  /** Inline module scripts that must run first (Vite's dev client); empty in production. */
  readonly devScripts: readonly string[];
}
