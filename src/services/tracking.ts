// The consent gate of all tracking (product §4, §7; decisions 027, 028). Machines and the shop runtime
// call `track`; nothing reaches the data layer or the controlling API before the consent machine's
// banner check has decided, and only with consent afterwards. Events from before the decision wait
// (the first page view), and are dropped on a refusal. No event counts as necessary: under a
// refusal the data layer stays empty and no controlling row is sent.

import { pushDataLayer } from './data-layer';
import { noPersonalisation, type PersonalisationAdapter } from './personalisation';
import { controllingFieldsOf, type TrackingEvent } from './tracking-events';

type ControllingSender = (fields: NonNullable<ReturnType<typeof controllingFieldsOf>>) => void;

let consent: boolean | null = null;
let sender: ControllingSender | null = null;
let personalisation: PersonalisationAdapter = noPersonalisation;
const waiting: TrackingEvent[] = [];
/** Before the decision at most this many events wait (a tab left open on a page). */
const MAX_WAITING = 50;

/** Controlling calls allowed while the controlling client still loads (sent when it is there). */
const unsent: NonNullable<ReturnType<typeof controllingFieldsOf>>[] = [];

function deliver(event: TrackingEvent): void {
  if (event.event !== 'marketing_touchpoint') pushDataLayer(event);
  const fields = controllingFieldsOf(event);
  if (fields && sender) sender(fields);
  else if (fields && unsent.length < MAX_WAITING) unsent.push(fields);
  if (event.event === 'add_to_cart') personalisation.send({ type: 'Add to Cart', deviceId: event.deviceId, price: event.price });
  if (event.event === 'trade_created')
    personalisation.send({
      type: 'Purchase',
      orderId: event.tradeId,
      revenue: event.revenue,
      deviceIds: event.items.map((i) => i.deviceId),
    });
}

export function track(event: TrackingEvent): void {
  if (consent === null) {
    if (waiting.length < MAX_WAITING) waiting.push(event);
  } else if (consent) deliver(event);
}

/** The consent machine decided (or changed its mind): deliver or drop what waited. */
export function setTrackingConsent(allowed: boolean): void {
  consent = allowed;
  for (const event of waiting.splice(0)) if (allowed) deliver(event);
}

/** The consent runtime's controlling client (with the client id), once loaded; null stops sending and drops what waited. */
export function setControllingSender(next: ControllingSender | null): void {
  sender = next;
  for (const fields of unsent.splice(0)) next?.(fields);
}

/** The personalisation service of the shop (product §7), told only with consent; the no-op without one. */
export function setPersonalisation(next: PersonalisationAdapter): void {
  personalisation = next;
}

/** Back to undecided (tests, a stopped runtime). */
export function resetTracking(): void {
  consent = null;
  sender = null;
  personalisation = noPersonalisation;
  waiting.length = 0;
  unsent.length = 0;
}
