// Where focus goes after a client-side navigation (WCAG 2.4.3): to the new page's h1, so keyboard and
// screen-reader users start on the page they opened instead of on <body>. A page without an h1 gets
// the focus on its main region and its title is announced in a polite live region. The first load
// keeps the browser's own focus; a page that placed the focus in its main content itself keeps it, and a
// seller who types, clicks or moves the focus while the page is still loading keeps what they chose.
// The page mounts this with the first client-side navigation (src/routes/root.tsx), which it then
// handles like every later one: its code is not part of what a visit that never navigates loads.

import { type ParsedLocation, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { SKIP_TARGETS } from './skip-links';

/** How long a lazily loaded page may take to show its heading. */
const HEADING_WAIT_MS = 3000;
/** What a seller does that ends the wait for the heading (capture phase: before any handler moves focus). */
const SELLER_ACTIONS = ['keydown', 'pointerdown', 'input', 'focusin'] as const;

/** `navigation`: where the navigation that mounted this goes (it started before this could listen). */
export function RouteFocus({ navigation }: { navigation: ParsedLocation }) {
  const router = useRouter();
  const [announcement, setAnnouncement] = useState('');
  // That navigation only: later ones arrive through the router's events.
  const [first] = useState(navigation);
  useEffect(() => {
    let frame = 0;
    /** The history entry whose heading is still to get the focus; undefined once moved or given up. */
    let pending: string | undefined;
    const stop = () => {
      pending = undefined;
      cancelAnimationFrame(frame);
      for (const type of SELLER_ACTIONS) document.removeEventListener(type, stop, true);
    };
    const entryOf = (location: ParsedLocation) => `${location.state.__TSR_key ?? ''} ${location.href}`;
    // Armed when the navigation starts, not when it renders: the address changes first, and a seller
    // who types into the search or clicks while the page loads keeps the focus where they put it.
    const arm = (location: ParsedLocation) => {
      stop();
      pending = entryOf(location);
      for (const type of SELLER_ACTIONS) document.addEventListener(type, stop, true);
    };
    const unsubscribeStart = router.subscribe('onBeforeNavigate', (event) => {
      if (event.fromLocation && event.pathChanged) arm(event.toLocation);
    });
    /** Focus the new page's heading once it shows (or, after HEADING_WAIT_MS, its main region). */
    const settle = () => {
      const started = performance.now();
      const step = () => {
        const main = document.getElementById(SKIP_TARGETS.main);
        if (!main) return stop();
        const active = document.activeElement;
        if (active && active !== main && main.contains(active)) return stop();
        const heading = main.querySelector<HTMLElement>('h1');
        if (heading) {
          stop();
          if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
          heading.focus();
          setAnnouncement('');
        } else if (performance.now() - started < HEADING_WAIT_MS) {
          frame = requestAnimationFrame(step);
        } else {
          stop();
          main.focus();
          setAnnouncement(document.title);
        }
      };
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(step);
    };
    // The router may report a navigation as rendered more than once; only the first report of the
    // entry still pending moves the focus.
    const unsubscribeRendered = router.subscribe('onRendered', (event) => {
      if (pending !== undefined && pending === entryOf(event.toLocation)) settle();
    });
    // The navigation this was loaded for started before it could listen. A seller in a text field
    // outside the page (the header search) may have typed on meanwhile: the focus stays there. Else
    // the navigation is armed, and settled at once if it has rendered while this code loaded.
    const active = document.activeElement;
    const typing =
      active?.matches('input, textarea, select, [contenteditable]') && !document.getElementById(SKIP_TARGETS.main)?.contains(active);
    if (!typing) {
      arm(first);
      if (router.state.status === 'idle' && entryOf(router.state.location) === pending) settle();
    }
    return () => {
      stop();
      unsubscribeStart();
      unsubscribeRendered();
    };
  }, [router, first]);
  return (
    <p className="visually-hidden" role="status" data-testid="route-announcer">
      {announcement}
    </p>
  );
}
