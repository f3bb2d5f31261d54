// The production page's loader (decision 062): the page's JavaScript is requested once the
// server-rendered page has painted, not found by the preload scanner while the HTML is parsed, so the
// first paint never waits for a module to arrive or run, also when the modules come from the cache. It
// reads the asset list the browser entry hydrates from; a hidden document (a tab opened in the
// background) has no paint to wait for and loads at once. What it adds carries its CSP nonce
// ('strict-dynamic': server/http/security-headers.ts).

import { PAGE_ASSETS_ELEMENT_ID } from '../src/contracts/page-assets';

export const ENTRY_LOADER_SCRIPT = `(()=>{const n=document.currentScript.nonce;const go=()=>{const a=JSON.parse(document.getElementById(${JSON.stringify(
  PAGE_ASSETS_ELEMENT_ID,
)}).textContent);const f=document.createDocumentFragment();for(const h of a.preloads){const l=document.createElement("link");l.rel="modulepreload";l.href=h;l.nonce=n;f.append(l)}document.head.append(f);const s=document.createElement("script");s.type="module";s.src=a.entry;s.nonce=n;document.body.append(s)};document.visibilityState==="hidden"?go():requestAnimationFrame(()=>setTimeout(go))})()`;
