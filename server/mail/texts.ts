// The confirmation mail's words per shop language. The server keeps its own tables (it does not import
// src/i18n); the wording follows the shop's thank-you page. Register: de/at and fr formal (Sie, vous),
// es and it informal (tú, tu).

import type { Locale } from '../../src/config/locales';

export interface ConfirmationTexts {
  /** Between a label and its value: ': ', French ' : ' (non-breaking space before the colon). */
  readonly colon: string;
  readonly subject: (tradeNumber: string) => string;
  readonly greeting: (firstName: string) => string;
  readonly intro: (tradeNumber: string) => string;
  readonly devicesTitle: string;
  readonly recycling: string;
  readonly voucher: (code: string) => string;
  readonly total: string;
  readonly paidTo: string;
  readonly labelTitle: string;
  readonly labelIntro: (carrier: string) => string;
  readonly labelLink: string;
  readonly nextTitle: string;
  readonly steps: (carrier: string) => ReadonlyArray<{ readonly title: string; readonly text: string }>;
  readonly closing: string;
  readonly signature: string;
}

const GERMAN: ConfirmationTexts = {
  colon: ': ',
  subject: (n) => `Ihr Verkauf ${n}: vielen Dank!`,
  greeting: (name) => `Hallo ${name},`,
  intro: (n) => `vielen Dank für Ihren Verkauf. Ihre Auftragsnummer ist ${n}; bitte geben Sie sie bei Fragen immer an.`,
  devicesTitle: 'Ihre Geräte',
  recycling: 'kostenloses Recycling',
  voucher: (code) => `Gutschein ${code}`,
  total: 'Sie erhalten',
  paidTo: 'Auszahlung an',
  labelTitle: 'Ihr kostenloses Versandetikett',
  labelIntro: (carrier) => `Drucken Sie das Etikett aus (A4) und geben Sie das Paket bei ${carrier} ab:`,
  labelLink: 'Versandetikett herunterladen (PDF)',
  nextTitle: 'So geht es weiter',
  steps: (carrier) => [
    { title: 'Verpacken', text: 'Löschen Sie Ihre Daten, entfernen Sie SIM- und Speicherkarten und verpacken Sie die Geräte sorgfältig.' },
    {
      title: 'Versenden',
      text: `Kleben Sie das Etikett auf das Paket und geben Sie es bei ${carrier} ab. Senden Sie die Geräte bald ein: Ihre Angebote gelten 21 Tage ab dem Tag, an dem Sie sie erhalten haben.`,
    },
    { title: 'Prüfung', text: 'Wir prüfen die Geräte anhand Ihrer Antworten. Weicht etwas ab, fragen wir Sie, bevor sich etwas ändert.' },
    { title: 'Auszahlung', text: 'Wir zahlen den Betrag auf Ihr Bankkonto oder per PayPal aus, meist innerhalb weniger Tage.' },
  ],
  closing: 'Freundliche Grüße',
  signature: 'Ihr Trade-in-Team',
};

export const CONFIRMATION_TEXTS: Readonly<Record<Locale, ConfirmationTexts>> = {
  default: {
    colon: ': ',
    subject: (n) => `Your trade ${n}: thank you!`,
    greeting: (name) => `Hello ${name},`,
    intro: (n) => `thank you for your trade. Your trade number is ${n}; please mention it whenever you contact us.`,
    devicesTitle: 'Your devices',
    recycling: 'free recycling',
    voucher: (code) => `Voucher ${code}`,
    total: 'You receive',
    paidTo: 'Paid to',
    labelTitle: 'Your free shipping label',
    labelIntro: (carrier) => `Print the label (A4) and hand the parcel to ${carrier}:`,
    labelLink: 'Download the shipping label (PDF)',
    nextTitle: 'What happens next',
    steps: (carrier) => [
      { title: 'Pack', text: 'Erase your data, remove SIM and memory cards and pack the devices well.' },
      {
        title: 'Ship',
        text: `Stick the label on the parcel and hand it to ${carrier}. Send the devices soon: your offers are valid for 21 days from the day you got them.`,
      },
      { title: 'Inspection', text: 'We check the devices against your answers. If something differs, we ask you before anything changes.' },
      { title: 'Payout', text: 'We pay the amount to your bank account or PayPal, usually within a few days.' },
    ],
    closing: 'Kind regards',
    signature: 'Your trade-in team',
  },
  de: GERMAN,
  at: GERMAN,
  es: {
    colon: ': ',
    subject: (n) => `Tu venta ${n}: ¡gracias!`,
    greeting: (name) => `Hola, ${name}:`,
    intro: (n) => `gracias por tu venta. Tu número de venta es ${n}; indícalo siempre que nos escribas.`,
    devicesTitle: 'Tus dispositivos',
    recycling: 'reciclaje gratuito',
    voucher: (code) => `Cupón ${code}`,
    total: 'Recibes',
    paidTo: 'Pago a',
    labelTitle: 'Tu etiqueta de envío gratuita',
    labelIntro: (carrier) => `Imprime la etiqueta (A4) y entrega el paquete a ${carrier}:`,
    labelLink: 'Descargar la etiqueta de envío (PDF)',
    nextTitle: 'Próximos pasos',
    steps: (carrier) => [
      { title: 'Embala', text: 'Borra tus datos, retira las tarjetas SIM y de memoria y embala bien los dispositivos.' },
      {
        title: 'Envía',
        text: `Pega la etiqueta en el paquete y entrégalo a ${carrier}. Envía pronto los dispositivos: tus ofertas son válidas durante 21 días desde el día en que las recibiste.`,
      },
      { title: 'Revisión', text: 'Revisamos los dispositivos según tus respuestas. Si algo no coincide, te preguntamos antes de cambiar nada.' },
      { title: 'Pago', text: 'Te pagamos el importe en tu cuenta bancaria o en PayPal, normalmente en pocos días.' },
    ],
    closing: 'Un saludo,',
    signature: 'El equipo de Trade-in',
  },
  fr: {
    colon: '\u00a0: ',
    subject: (n) => `Votre vente ${n} : merci !`,
    greeting: (name) => `Bonjour ${name},`,
    intro: (n) => `merci pour votre vente. Votre numéro de vente est ${n} ; merci de l'indiquer pour toute question.`,
    devicesTitle: 'Vos appareils',
    recycling: 'recyclage gratuit',
    voucher: (code) => `Code promo ${code}`,
    total: 'Vous recevez',
    paidTo: 'Paiement sur',
    labelTitle: "Votre étiquette d'envoi gratuite",
    labelIntro: (carrier) => `Imprimez l'étiquette (A4) et remettez le colis à ${carrier} :`,
    labelLink: "Télécharger l'étiquette d'envoi (PDF)",
    nextTitle: 'Les prochaines étapes',
    steps: (carrier) => [
      { title: 'Emballer', text: 'Effacez vos données, retirez les cartes SIM et mémoire et emballez soigneusement les appareils.' },
      {
        title: 'Expédier',
        text: `Collez l'étiquette sur le colis et remettez-le à ${carrier}. Envoyez rapidement les appareils : vos offres sont valables 21 jours à compter du jour où vous les avez reçues.`,
      },
      { title: 'Vérification', text: "Nous vérifions les appareils par rapport à vos réponses. En cas d'écart, nous vous consultons avant toute modification." },
      { title: 'Paiement', text: 'Nous versons le montant sur votre compte bancaire ou PayPal, généralement sous quelques jours.' },
    ],
    closing: 'Cordialement,',
    signature: "L'équipe Trade-in",
  },
  it: {
    colon: ': ',
    subject: (n) => `La tua vendita ${n}: grazie!`,
    greeting: (name) => `Ciao ${name},`,
    intro: (n) => `grazie per la tua vendita. Il tuo numero di vendita è ${n}; indicalo sempre quando ci scrivi.`,
    devicesTitle: 'I tuoi dispositivi',
    recycling: 'riciclo gratuito',
    voucher: (code) => `Buono ${code}`,
    total: 'Ricevi',
    paidTo: 'Pagamento a',
    labelTitle: 'La tua etichetta di spedizione gratuita',
    labelIntro: (carrier) => `Stampa l'etichetta (A4) e consegna il pacco a ${carrier}:`,
    labelLink: "Scarica l'etichetta di spedizione (PDF)",
    nextTitle: 'Cosa succede ora',
    steps: (carrier) => [
      { title: 'Imballa', text: 'Cancella i tuoi dati, rimuovi le schede SIM e di memoria e imballa bene i dispositivi.' },
      {
        title: 'Spedisci',
        text: `Incolla l'etichetta sul pacco e consegnalo a ${carrier}. Spedisci presto i dispositivi: le tue offerte sono valide 21 giorni dal giorno in cui le hai ricevute.`,
      },
      { title: 'Verifica', text: 'Verifichiamo i dispositivi in base alle tue risposte. Se qualcosa non corrisponde, ti contattiamo prima di cambiare qualsiasi cosa.' },
      { title: 'Pagamento', text: "Ti paghiamo l'importo sul tuo conto bancario o su PayPal, di solito entro pochi giorni." },
    ],
    closing: 'Cordiali saluti,',
    signature: 'Il team Trade-in',
  },
};
