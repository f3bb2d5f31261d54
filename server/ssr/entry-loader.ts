// The production page's loader (decision 062): the page's JavaScript is requested once the
// server-rendered page has painted, not found by the preload scanner while the HTML is parsed, so the
// first paint never waits for a module to arrive or run, also when the modules come from the cache. It
// reads the asset list the browser entry hydrates from; a hidden document (a tab opened in the
// background) has no paint to wait for and loads at once. The page's CSP names this script by its
// hash, and 'strict-dynamic' trusts the module scripts it adds (decision 089).
//
// Every chunk is its own module script, leaves first, the entry last: the browser fetches them all at
// once and runs each chunk's code in a task of its own as soon as it has arrived, instead of running
// the page's whole module graph in one long task when the entry or the router imports it (decision
// 064). A chunk that arrives before one of its imports runs with it; the order is what ES modules
// guarantee either way.

import { PAGE_ASSETS_ELEMENT_ID, TYPED_ATTRIBUTE } from '../../src/contracts/page-assets';

// Until the page is hydrated, it also marks each field the seller changes with its value (a box: its
// check; a radio: only the chosen one of its group) in TYPED_ATTRIBUTE, which the hydrated field takes
// over (src/ui/typed-before-hydration.ts). Never a password or a chosen file.
export const ENTRY_LOADER_SCRIPT = `(()=>{const d=document.documentElement,k=${JSON.stringify(TYPED_ATTRIBUTE)},m=e=>{const t=e.target;if(d.dataset.hydrated||!t.matches("input:not([type=password],[type=file]),textarea"))return;if(t.type==="radio")for(const o of document.getElementsByName(t.name))o.removeAttribute(k);t.setAttribute(k,/^(checkbox|radio)$/.test(t.type)?String(t.checked):t.value)};document.addEventListener("input",m,true);document.addEventListener("change",m,true);const go=()=>{const a=JSON.parse(document.getElementById(${JSON.stringify(
  PAGE_ASSETS_ELEMENT_ID,
)}).textContent);const f=document.createDocumentFragment();for(const h of [...a.preloads,a.entry]){const s=document.createElement("script");s.type="module";s.src=h;f.append(s)}document.body.append(f)};document.visibilityState==="hidden"?go():requestAnimationFrame(()=>setTimeout(go))})()`;
