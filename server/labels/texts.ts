// The words on the shipping label, per shop language. The server keeps its own tables (it does not
// import src/i18n); the wording follows the shop's thank-you page. Register: de/at and fr formal
// (Sie, vous), es and it informal (tú, tu), as in the shop.

import type { Locale } from '../../src/config/locales';
import type { WarehouseAddress } from './warehouses';

type CountryCode = WarehouseAddress['countryCode'];

export interface LabelTexts {
  readonly title: string;
  readonly from: string;
  readonly to: string;
  readonly tradeNumber: string;
  readonly devices: (count: number) => string;
  readonly cutHere: string;
  readonly packingTitle: string;
  /** The packing note; the carrier's name fills in where the parcel is handed over. */
  readonly packing: (carrier: string) => readonly string[];
  readonly slipTitle: string;
  readonly more: (count: number) => string;
  readonly countries: Readonly<Record<CountryCode, string>>;
}

const GERMAN: LabelTexts = {
  title: 'Kostenloses Versandetikett',
  from: 'Absender',
  to: 'Empfänger',
  tradeNumber: 'Auftragsnummer',
  devices: (n) => (n === 1 ? '1 Gerät' : `${n} Geräte`),
  cutHere: 'Hier abschneiden',
  packingTitle: 'Verpacken',
  packing: (carrier) => [
    'Löschen Sie Ihre Daten, entfernen Sie SIM- und Speicherkarten und verpacken Sie die Geräte sorgfältig (Originalkarton oder Luftpolsterfolie).',
    'Legen Sie den unteren Teil dieses Blatts mit in das Paket.',
    `Kleben Sie das Etikett gut sichtbar auf das Paket und geben Sie es bei ${carrier} ab.`,
    'Senden Sie die Geräte bald ein: Ihre Angebote gelten 21 Tage ab dem Tag, an dem Sie sie erhalten haben.',
  ],
  slipTitle: 'Paketinhalt',
  more: (n) => `… und ${n} weitere`,
  countries: { DE: 'Deutschland', AT: 'Österreich', ES: 'Spanien', FR: 'Frankreich', IT: 'Italien' },
};

export const LABEL_TEXTS: Readonly<Record<Locale, LabelTexts>> = {
  default: {
    title: 'Free shipping label',
    from: 'From',
    to: 'To',
    tradeNumber: 'Trade number',
    devices: (n) => (n === 1 ? '1 device' : `${n} devices`),
    cutHere: 'Cut here',
    packingTitle: 'Packing',
    packing: (carrier) => [
      'Erase your data, remove SIM and memory cards and pack the devices well (original box or bubble wrap).',
      'Put the lower part of this sheet into the parcel.',
      `Stick the label on the parcel where it is easy to see and hand the parcel to ${carrier}.`,
      'Send the devices soon: your offers are valid for 21 days from the day you got them.',
    ],
    slipTitle: 'Parcel contents',
    more: (n) => `… and ${n} more`,
    countries: { DE: 'Germany', AT: 'Austria', ES: 'Spain', FR: 'France', IT: 'Italy' },
  },
  de: GERMAN,
  at: GERMAN,
  es: {
    title: 'Etiqueta de envío gratuita',
    from: 'Remitente',
    to: 'Destinatario',
    tradeNumber: 'Número de venta',
    devices: (n) => (n === 1 ? '1 dispositivo' : `${n} dispositivos`),
    cutHere: 'Cortar aquí',
    packingTitle: 'Embalaje',
    packing: (carrier) => [
      'Borra tus datos, retira las tarjetas SIM y de memoria y embala bien los dispositivos (caja original o plástico de burbujas).',
      'Mete la parte inferior de esta hoja en el paquete.',
      `Pega la etiqueta bien visible en el paquete y entrégalo a ${carrier}.`,
      'Envía pronto los dispositivos: tus ofertas son válidas durante 21 días desde el día en que las recibiste.',
    ],
    slipTitle: 'Contenido del paquete',
    more: (n) => `… y ${n} más`,
    countries: { DE: 'Alemania', AT: 'Austria', ES: 'España', FR: 'Francia', IT: 'Italia' },
  },
  fr: {
    title: "Étiquette d'envoi gratuite",
    from: 'Expéditeur',
    to: 'Destinataire',
    tradeNumber: 'Numéro de vente',
    devices: (n) => (n === 1 ? '1 appareil' : `${n} appareils`),
    cutHere: 'Découper ici',
    packingTitle: 'Emballage',
    packing: (carrier) => [
      "Effacez vos données, retirez les cartes SIM et mémoire et emballez soigneusement les appareils (boîte d'origine ou papier bulle).",
      'Placez la partie inférieure de cette feuille dans le colis.',
      `Collez l'étiquette bien en vue sur le colis et remettez-le à ${carrier}.`,
      'Envoyez rapidement les appareils : vos offres sont valables 21 jours à compter du jour où vous les avez reçues.',
    ],
    slipTitle: 'Contenu du colis',
    more: (n) => `… et ${n} autres`,
    countries: { DE: 'Allemagne', AT: 'Autriche', ES: 'Espagne', FR: 'France', IT: 'Italie' },
  },
  it: {
    title: 'Etichetta di spedizione gratuita',
    from: 'Mittente',
    to: 'Destinatario',
    tradeNumber: 'Numero di vendita',
    devices: (n) => (n === 1 ? '1 dispositivo' : `${n} dispositivi`),
    cutHere: 'Tagliare qui',
    packingTitle: 'Imballaggio',
    packing: (carrier) => [
      'Cancella i tuoi dati, rimuovi le schede SIM e di memoria e imballa bene i dispositivi (scatola originale o pluriball).',
      'Metti la parte inferiore di questo foglio nel pacco.',
      `Incolla l'etichetta ben visibile sul pacco e consegnalo a ${carrier}.`,
      'Spedisci presto i dispositivi: le tue offerte sono valide 21 giorni dal giorno in cui le hai ricevute.',
    ],
    slipTitle: 'Contenuto del pacco',
    more: (n) => `… e altri ${n}`,
    countries: { DE: 'Germania', AT: 'Austria', ES: 'Spagna', FR: 'Francia', IT: 'Italia' },
  },
};
