// The built files one page needs, chosen by the server from the build manifest and rendered into the
// document head; the browser reads the same object back from the page to hydrate identically.

/** The JSON <script> listing the page's assets (without the inlined texts below). */
export const PAGE_ASSETS_ELEMENT_ID = 'page-assets';
/** The <style> with the inlined style sheet; the browser reads its text back to hydrate identically. */
export const INLINE_CSS_ELEMENT_ID = 'page-css';
/** The inline script that loads the page's JavaScript after its first paint; read back likewise. */
export const ENTRY_LOADER_ELEMENT_ID = 'entry-loader';
/**
 * The attribute the loader puts on a field the seller changed before hydration: its value ("true" or
 * "false" for a box). The hydrated field takes it over (src/ui/typed-before-hydration.ts).
 */
export const TYPED_ATTRIBUTE = 'data-typed';

export interface PageAssets {
  /** Module script that boots the app in the browser. */
  readonly entry: string;
  /** The page's style sheets; with `inlineCss` their text is inlined and they are only named (decision 099). */
  readonly css: readonly string[];
  /**
   * The production style sheet's text, inlined in a <style> (no render-blocking request before the
   * first paint; decision 053). Not part of the page's asset JSON: the browser reads it back from the element.
   */
  readonly inlineCss?: string;
  /** The chunks the page loads besides its entry, each after the chunks it imports (decision 064). */
  readonly preloads: readonly string[];
  /**
   * The inline script that adds `preloads` (one module script each) and `entry` once the page has
   * painted (decisions 062, 064); the page's CSP trusts what it adds (decision 089). Without it (tests
   * that render without a build) they are rendered as elements the parser loads. Not part of the asset
   * JSON either.
   */
  readonly entryLoader?: string;
}
