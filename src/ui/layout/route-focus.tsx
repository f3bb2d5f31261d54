// Where focus goes after a client-side navigation (WCAG 2.4.3): to the new page's h1, so keyboard and
// screen-reader users start on the page they opened instead of on <body>. A page without an h1 gets
// the focus on its main region and its title is announced in a polite live region. The first load
// keeps the browser's own focus; a page that placed the focus in its main content itself keeps it.

import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { SKIP_TARGETS } from './skip-links';

/** How long a lazily loaded page may take to show its heading. */
const HEADING_WAIT_MS = 3000;

export function RouteFocus() {
  const router = useRouter();
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    let frame = 0;
    const unsubscribe = router.subscribe('onRendered', (event) => {
      if (!event.fromLocation || !event.pathChanged) return;
      cancelAnimationFrame(frame);
      const started = performance.now();
      const settle = () => {
        const main = document.getElementById(SKIP_TARGETS.main);
        if (!main) return;
        const active = document.activeElement;
        if (active && active !== main && main.contains(active)) return;
        const heading = main.querySelector<HTMLElement>('h1');
        if (heading) {
          if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
          heading.focus();
          setAnnouncement('');
        } else if (performance.now() - started < HEADING_WAIT_MS) {
          frame = requestAnimationFrame(settle);
        } else {
          main.focus();
          setAnnouncement(document.title);
        }
      };
      frame = requestAnimationFrame(settle);
    });
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe();
    };
  }, [router]);
  return (
    <p className="visually-hidden" role="status" data-testid="route-announcer">
      {announcement}
    </p>
  );
}
