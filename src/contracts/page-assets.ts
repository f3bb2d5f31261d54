// The built files one page needs, chosen by the server from the build manifest and rendered into the
// document head; the browser reads the same object back from the page to hydrate identically.

export interface PageAssets {
  /** Module script that boots the app in the browser. */
  readonly entry: string;
  readonly css: readonly string[];
  /**
   * The production style sheet's text, inlined in a <style> (no render-blocking request before the
   * first paint; decision 053). Not part of the page's asset JSON: the browser reads it back from the element.
   */
  readonly inlineCss?: string;
  readonly preloads: readonly string[];
  /** Inline module scripts that must run first (Vite's dev client); empty in production. */
  readonly devScripts: readonly string[];
}
