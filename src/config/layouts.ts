// Layout choice (product §1): by shop mode and whether the route is the home page.

import type { ShopMode } from './hosts';

export const LAYOUTS = ['default', 'home', 'b2bwidget-default', 'b2bwidget-home', 'agan-default', 'aganwidget-default'] as const;
export type LayoutName = (typeof LAYOUTS)[number];

export function layoutFor(mode: ShopMode, isHome: boolean): LayoutName {
  switch (mode) {
    case 'default':
      return isHome ? 'home' : 'default';
    case 'b2bWidget':
      return isHome ? 'b2bwidget-home' : 'b2bwidget-default';
    case 'agan':
      return 'agan-default';
    case 'aganwidget':
      return 'aganwidget-default';
  }
}

/** The layouts of the embeddable widget modes (only the flow, framed by partner sites). */
export function isWidgetLayout(layout: LayoutName): boolean {
  return layout === 'b2bwidget-default' || layout === 'b2bwidget-home' || layout === 'aganwidget-default';
}
