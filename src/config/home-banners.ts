// The home page banner of each country shop (product §1.2: every shop shows a home banner; §3.2
// hasHomeBanner): campaign text an operator edits here, in the shop's language, with a link and an
// optional date range. The first banner whose range includes today is shown. The home route's loader
// picks it (on the server for the first page), so no shop's banners travel in the page's JavaScript.

import { countryConfig } from './countries';
import type { ShopMode } from './hosts';
import type { Locale } from './locales';

export interface HomeBanner {
  /** Stable id (tests and the page's data attribute). */
  readonly id: string;
  readonly text: string;
  readonly link: { readonly label: string; readonly href: string };
  /** First day shown, `YYYY-MM-DD` (UTC), inclusive; absent: since always. */
  readonly from?: string;
  /** Last day shown, `YYYY-MM-DD` (UTC), inclusive; absent: no end. */
  readonly until?: string;
}

/** The banner to show on `date`, or undefined when none is active. */
export function activeHomeBanner(banners: readonly HomeBanner[], date: Date): HomeBanner | undefined {
  const day = date.toISOString().slice(0, 10);
  return banners.find((b) => (b.from === undefined || b.from <= day) && (b.until === undefined || day <= b.until));
}

const GERMAN_SEASON = {
  id: 'new-phone-season',
  text: 'Ein neues Handy unterm Weihnachtsbaum? Verkaufen Sie das alte – so löschen Sie vorher Ihre Daten sicher.',
  link: { label: 'Anleitung zur Datenlöschung', href: '/content/datenloeschung' },
  from: '2026-12-20',
  until: '2027-01-15',
} as const;

export const HOME_BANNERS = {
  default: [
    {
      id: 'free-shipping',
      text: 'Sell your old devices: binding offers valid for 21 days, free shipping and fast payment.',
      link: { label: 'How it works', href: '/content/how-it-works' },
    },
  ],
  de: [
    GERMAN_SEASON,
    {
      id: 'free-shipping',
      text: 'Alte Geräte verkaufen: verbindliches Angebot, 21 Tage gültig, kostenloser Versand mit DHL.',
      link: { label: 'So funktioniert’s', href: '/content/so-funktionierts' },
    },
  ],
  at: [
    GERMAN_SEASON,
    {
      id: 'free-shipping',
      text: 'Alte Geräte verkaufen: verbindliches Angebot, 21 Tage gültig, kostenloser Versand mit UPS.',
      link: { label: 'So funktioniert’s', href: '/content/so-funktionierts' },
    },
  ],
  es: [
    {
      id: 'free-shipping',
      text: 'Vende tus dispositivos usados: oferta vinculante válida 21 días, envío gratuito con UPS y pago rápido.',
      link: { label: 'Cómo funciona', href: '/content/como-funciona' },
    },
  ],
  fr: [
    {
      id: 'free-shipping',
      text: 'Vendez vos appareils d’occasion : offre ferme valable 21 jours, envoi gratuit avec UPS et paiement rapide.',
      link: { label: 'Comment ça marche', href: '/content/comment-ca-marche' },
    },
  ],
  it: [
    {
      id: 'free-shipping',
      text: 'Vendi i tuoi dispositivi usati: offerta vincolante valida 21 giorni, spedizione gratuita con UPS e pagamento rapido.',
      link: { label: 'Come funziona', href: '/content/come-funziona' },
    },
  ],
} as const satisfies Record<Locale, readonly HomeBanner[]>;

/**
 * The German partner widget (b2bWidget mode) speaks to companies. It promises only what the shop does
 * (one offer for all devices, the free label, payout by bank transfer; there is no payment by invoice)
 * and links inside its own flow: the widget shows no page of the shop around it (decision 034).
 */
export const B2B_WIDGET_BANNERS: readonly HomeBanner[] = [
  {
    id: 'b2b-widget',
    text: 'Verkaufen Sie die Geräte Ihres Unternehmens: ein verbindliches Angebot für alle Geräte, kostenloser Versand, Auszahlung per Überweisung.',
    link: { label: 'So funktioniert’s', href: '/content/so-funktionierts' },
  },
];

/** The banner the shop's home page shows on `date`, if the country shows banners and one is active. */
export function homeBannerOf(shop: { readonly locale: Locale; readonly mode: ShopMode }, date: Date): HomeBanner | undefined {
  if (!countryConfig(shop.locale).features.hasHomeBanner) return undefined;
  return activeHomeBanner(shop.mode === 'b2bWidget' ? B2B_WIDGET_BANNERS : HOME_BANNERS[shop.locale], date);
}
