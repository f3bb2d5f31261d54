// The shop actor wires its children with events (decision 020): these tests run the real child
// machines with fake calls (`.provide()`), and check what one child's change does to another.

import { describe, expect, it } from 'vitest';
import { businessFlagOf } from '../config/brands';
import { lookupHost } from '../config/hosts';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import type { TokenAnswer } from '../contracts/account';
import type { Offer, OfferRequest } from '../contracts/offers';
import type { Trade } from '../contracts/trades';
import type { OfferResult } from '../services/offers';
import { authMachineWith, type AuthCalls } from './auth';
import { signedOut, type AccountSession } from './auth-session';
import { CUSTOMER_ID, accessToken, customer } from './auth.fixtures';
import { cartMachine, type CartContext, type CartMachine, type CartPlacement } from './cart';
import { checkoutMachine, type AccountPrefill, type CheckoutMachine, type SubmitTradeInput } from './checkout';
import { accountPrefill as prefill, trade } from './checkout.fixtures';
import { offerMachine, type OfferMachine, type RestoredOffer } from './offer';
import type { Device } from '../services/catalogue/entities';

type Stored = RestoredOffer | null;
import { device, offer } from './offer.fixtures';
import { shopMachine, wireCart, wireOffer, wireSession, type ShopInput } from './shop';

const token = (id: number) => accessToken({}, id);
const tokenAnswer = (id: number): TokenAnswer => ({
  access_token: token(id),
  refresh_token: `refresh-${id}`,
  token_type: 'Bearer',
  expires_in: 300,
  refresh_expires_in: 86_400,
});
const loggedIn: AccountSession = {
  ...signedOut,
  isLoggedIn: true,
  email: 'erika@example.com',
  accessToken: token(1),
  refreshToken: 'refresh-1',
  customerId: CUSTOMER_ID,
  customerNumber: 'K-100042',
  customerData: customer,
  tokenExpiry: 2_000_000_000,
};

function harness(
  options: { session?: AccountSession | null; cart?: CartContext | null; prefill?: 'hang' | Error | AccountPrefill; b2b?: boolean } = {},
) {
  const calls: AuthCalls = {
    login: async () => tokenAnswer(2),
    refresh: async () => tokenAnswer(3),
    logout: async () => undefined,
    loadCustomer: async () => customer,
  };
  const submits: SubmitTradeInput[] = [];
  const offerRequests: OfferRequest[] = [];
  const tracked: Trade[] = [];
  const thankYou: number[] = [];
  let priced: Offer = offer;
  const machine = shopMachine.provide({
    actors: {
      session: wireSession(authMachineWith(calls)),
      cart: wireCart(cartMachine),
      offer: wireOffer(
        offerMachine.provide({
          actors: {
            restore: fromPromise<Stored, { device: Device; sharedToken: string | null }>(async () => null),
            requestOffer: fromPromise<OfferResult, OfferRequest>(async ({ input }) => {
              offerRequests.push(input);
              return { kind: 'offer', offer: priced };
            }),
          },
        }),
      ),
      checkout: checkoutMachine.provide({
        actors: {
          submitTrade: fromPromise<Trade, SubmitTradeInput>(async ({ input }) => {
            submits.push(input);
            return trade;
          }),
        },
      }),
      loadPrefill: fromPromise<AccountPrefill, { email: string }>(({ input }) => {
        const next = options.prefill ?? prefill;
        if (next === 'hang') return new Promise(() => undefined);
        if (next instanceof Error) return Promise.reject(next);
        return Promise.resolve({ ...next, email: input.email });
      }),
    },
    actions: {
      trackTrade: (_, { trade: sold }) => void (sold && tracked.push(sold)),
      showThankYou: () => void thankYou.push(Date.now()),
    },
  });
  const input: ShopInput = {
    locale: 'de',
    b2b: options.b2b ?? false,
    session: options.session ?? null,
    cart: options.cart ?? null,
    checkout: null,
  };
  const shop = createActor(machine, { input }).start();
  const cart = () => shop.system.get('cart') as ActorRefFrom<CartMachine>;
  const checkout = () => shop.getSnapshot().children.checkout as ActorRefFrom<CheckoutMachine> | undefined;
  const offerFlow = () => shop.getSnapshot().children.offer as ActorRefFrom<OfferMachine> | undefined;
  const setPrice = (next: Offer) => (priced = next);
  return { shop, cart, checkout, offerFlow, submits, offerRequests, tracked, thankYou, setPrice };
}

type Harness = ReturnType<typeof harness>;

/** The device page: the seller answers every question (the first answer opens the device's flow) and adds the offer. */
async function putInCart(h: Harness, answers = offer.answers, placement?: CartPlacement) {
  for (const [questionId, answerId] of Object.entries(answers))
    h.shop.send({ type: 'shop.answer', device, questionId: Number(questionId), answerId });
  const flow = h.offerFlow()!;
  await waitFor(flow, (s) => s.matches('offered'));
  flow.send({ type: 'offer.addToCart', ...(placement && { placement }) });
}

/** The seller goes to another device's page, which stops the flow of the first. */
const visitAnotherDevice = (h: Harness) => h.shop.send({ type: 'shop.openOffer', device: { ...device, id: 7 } });

describe('shop actor: offer → cart', () => {
  it('an accepted offer becomes a cart line; the same device with the same answers updates that line', async () => {
    const h = harness();
    await putInCart(h);
    expect(h.cart().getSnapshot().context.offerIds).toEqual([offer.offerId]);
    expect(h.cart().getSnapshot().context.cart[0]).toMatchObject({ deviceId: 42, answers: offer.answers, price: offer.price });

    // The device page again, the same answers, a new offer: the line is updated, not doubled.
    visitAnotherDevice(h);
    h.setPrice({ ...offer, offerId: 'same-answers-again', price: 300 });
    await putInCart(h);
    expect(h.cart().getSnapshot().context.offerIds).toEqual(['same-answers-again']);
    expect(h.cart().getSnapshot().context.cart[0]?.price).toBe(300);

    // A business line's units stay when its offer is renewed.
    h.cart().send({ type: 'cart.businessMode', enabled: true });
    h.cart().send({ type: 'cart.setQuantity', offerId: 'same-answers-again', quantity: 6 });
    visitAnotherDevice(h);
    h.setPrice({ ...offer, offerId: 'renewed', price: 290 });
    await putInCart(h);
    expect(
      h
        .cart()
        .getSnapshot()
        .context.cart.map((l) => [l.offerId, l.quantity]),
    ).toEqual([['renewed', 6]]);
    h.cart().send({ type: 'cart.businessMode', enabled: false });

    // Other answers, added as a second device: a second line of the same device.
    visitAnotherDevice(h);
    h.setPrice({ ...offer, offerId: 'other-answers', answers: { ...offer.answers, '30': 302 } });
    await putInCart(h, { ...offer.answers, '30': 302 }, 'another');
    expect(h.cart().getSnapshot().context.offerIds).toEqual(['renewed', 'other-answers']);
  });

  it('a corrected answer replaces the device’s line unless the seller adds it as another device (issue 32)', async () => {
    const h = harness();
    await putInCart(h);
    // The seller changes an answer on the same page and adds again (replace is the default).
    h.setPrice({ ...offer, offerId: 'corrected', price: 111.8, answers: { ...offer.answers, '30': 302 } });
    h.offerFlow()!.send({ type: 'offer.answer', questionId: 30, answerId: 302 });
    await waitFor(h.offerFlow()!, (s) => s.matches('offered'));
    h.offerFlow()!.send({ type: 'offer.addToCart' });
    expect(
      h
        .cart()
        .getSnapshot()
        .context.cart.map((l) => [l.offerId, l.price]),
    ).toEqual([['corrected', 111.8]]);

    // Explicitly a correction: the same.
    h.setPrice({ ...offer, offerId: 'corrected-again', answers: offer.answers });
    h.offerFlow()!.send({ type: 'offer.answer', questionId: 30, answerId: Number(offer.answers['30']) });
    await waitFor(h.offerFlow()!, (s) => s.matches('offered'));
    h.offerFlow()!.send({ type: 'offer.addToCart', placement: 'replace' });
    expect(h.cart().getSnapshot().context.offerIds).toEqual(['corrected-again']);

    // A second phone of the same model in another condition: two lines.
    h.setPrice({ ...offer, offerId: 'second-phone', answers: { ...offer.answers, '30': 302 } });
    h.offerFlow()!.send({ type: 'offer.answer', questionId: 30, answerId: 302 });
    await waitFor(h.offerFlow()!, (s) => s.matches('offered'));
    h.offerFlow()!.send({ type: 'offer.addToCart', placement: 'another' });
    expect(h.cart().getSnapshot().context.offerIds).toEqual(['corrected-again', 'second-phone']);
  });

  it('a re-quote replaces the expired line in place', async () => {
    const expired = { ...offer, offerId: 'expired', validUntil: '2020-01-01T00:00:00.000Z', answers: { ...offer.answers, '30': 303 } };
    const other = { ...offer, offerId: 'other', deviceId: 7 };
    const cart: CartContext = {
      cart: [
        {
          offerId: 'expired',
          deviceId: 42,
          deviceName: 'x',
          deviceUrl: 'x',
          thumbnail: '',
          price: 1,
          quantity: 1,
          conditionId: 3,
          kind: 'purchase',
          validUntil: expired.validUntil,
          answers: expired.answers,
        },
        {
          offerId: 'other',
          deviceId: 7,
          deviceName: 'y',
          deviceUrl: 'y',
          thumbnail: '',
          price: 2,
          quantity: 1,
          conditionId: 1,
          kind: 'purchase',
          validUntil: other.validUntil,
        },
      ],
      cartExpiry: 0,
      offerIds: ['expired', 'other'],
      transactionId: 0,
      lastTrade: null,
      B2BMode: false,
      B2BSwitchable: false,
    };
    const h = harness({ cart });
    await putInCart(h);
    expect(h.cart().getSnapshot().context.offerIds).toEqual([offer.offerId, 'other']);
  });

  it('opening another device stops the running offer flow; opening the same device keeps it', async () => {
    const h = harness();
    h.shop.send({ type: 'shop.openOffer', device });
    const first = h.offerFlow()!;
    h.shop.send({ type: 'shop.answer', device, questionId: 10, answerId: 101 });
    h.shop.send({ type: 'shop.openOffer', device });
    expect(h.offerFlow()).toBe(first);
    expect(first.getSnapshot().context.answers).toEqual({ '10': 101 });
    h.shop.send({ type: 'shop.openOffer', device: { ...device, id: 43 } });
    expect(first.getSnapshot().status).toBe('stopped');
    expect(h.offerFlow()?.getSnapshot().context.device.id).toBe(43);
  });

  it('answers given before the flow runs open it and reach it in order, also while it restores what was kept', async () => {
    const h = harness();
    h.shop.send({ type: 'shop.answer', device, questionId: 10, answerId: 102 });
    h.shop.send({ type: 'shop.answer', device, questionId: 10, answerId: 101 });
    h.shop.send({ type: 'shop.answer', device, questionId: 20, answerId: 201 });
    h.shop.send({ type: 'shop.answer', device, questionId: 30, answerId: 301 });
    const flow = h.offerFlow()!;
    await waitFor(flow, (s) => s.matches('offered'));
    expect(flow.getSnapshot().context.answers).toEqual(offer.answers);
    expect(h.offerRequests).toEqual([{ deviceId: 42, answers: offer.answers }]);
  });
});

describe('shop actor: the business flag of the partner widget (product §6)', () => {
  it('on a b2bwidget host the cart is a business cart from the start and its checkout is a business checkout', async () => {
    const h = harness({ b2b: businessFlagOf(lookupHost('b2bwidget.localhost')!.mode) });
    expect(h.cart().getSnapshot().context.B2BMode).toBe(true);
    await putInCart(h);
    h.shop.send({ type: 'shop.openCheckout' });
    expect(h.checkout()!.getSnapshot().context.b2b).toBe(true);
  });

  it('no other host sets it', () => {
    for (const host of ['de.localhost', 'agan.localhost', 'aganwidget.localhost']) {
      expect(businessFlagOf(lookupHost(host)!.mode)).toBe(false);
    }
    expect(harness({ b2b: false }).cart().getSnapshot().context.B2BMode).toBe(false);
  });
});

describe('shop actor: cart → checkout → sold', () => {
  it('the checkout trades the cart as it is, follows its changes, and on success sells it and shows the thank-you page', async () => {
    const h = harness();
    await putInCart(h);
    h.shop.send({ type: 'shop.openCheckout' });
    const checkout = h.checkout()!;
    expect(checkout.getSnapshot().context).toMatchObject({ cartOfferIds: [offer.offerId], cartTotal: offer.price });
    expect(h.shop.getSnapshot().matches({ checkingOut: 'guest' })).toBe(true);

    // A second device while the checkout is open: the checkout follows the cart.
    h.setPrice({ ...offer, offerId: 'second', deviceId: 43, price: 10, answers: {} });
    h.shop.send({ type: 'shop.openOffer', device: { ...device, id: 43, questions: [] } });
    await waitFor(h.offerFlow()!, (s) => s.matches('offered'));
    h.offerFlow()!.send({ type: 'offer.addToCart' });
    expect(checkout.getSnapshot().context.cartOfferIds).toEqual([offer.offerId, 'second']);
    expect(checkout.getSnapshot().context.cartTotal).toBe(offer.price + 10);

    h.cart().send({ type: 'cart.remove', offerId: 'second' });
    expect(checkout.getSnapshot().context.cartOfferIds).toEqual([offer.offerId]);

    await checkOutAsGuest(h, checkout);

    expect(h.submits).toHaveLength(1);
    expect(h.submits[0]?.request.offerIds).toEqual([offer.offerId]);
    expect(h.cart().getSnapshot().context).toMatchObject({ cart: [], offerIds: [], transactionId: trade.transactionId, lastTrade: trade });
    expect(h.tracked).toEqual([trade]);
    expect(h.thankYou).toHaveLength(1);
    expect(h.checkout()).toBeUndefined();
    // The open device page (43) sold nothing: its flow stays.
    expect(h.offerFlow()?.getSnapshot().context.device.id).toBe(43);

    // The next sale opens a new checkout.
    h.setPrice({ ...offer, offerId: 'third' });
    await putInCart(h);
    h.shop.send({ type: 'shop.openCheckout' });
    expect(h.checkout()?.getSnapshot().context.cartOfferIds).toEqual(['third']);
  });
});

describe('shop actor: a sold device', () => {
  it("the sold device's page asks again: its flow stops, and the next visit starts a new one without the sold offer", async () => {
    const h = harness();
    const sold = { ...device, id: 7 };
    h.setPrice({ ...offer, deviceId: 7 });
    for (const [questionId, answerId] of Object.entries(offer.answers))
      h.shop.send({ type: 'shop.answer', device: sold, questionId: Number(questionId), answerId });
    await waitFor(h.offerFlow()!, (s) => s.matches('offered'));
    h.offerFlow()!.send({ type: 'offer.addToCart' });
    h.shop.send({ type: 'shop.openCheckout' });
    await checkOutAsGuest(h, h.checkout()!);
    expect(h.offerFlow()).toBeUndefined();
    expect(h.shop.getSnapshot().context.offerDeviceId).toBeNull();

    h.shop.send({ type: 'shop.openOffer', device: sold });
    const again = h.offerFlow()!;
    expect(again.getSnapshot().context.device.id).toBe(7);
    expect(again.getSnapshot().context.offer).toBeNull();
  });
});

/** Fills the guest checkout of the shop's cart, submits it and waits for the sale. */
async function checkOutAsGuest(h: Harness, checkout: ActorRefFrom<CheckoutMachine>) {
  for (const [field, value] of Object.entries({
    'identity.email': 'erika@example.com',
    'address.firstName': 'Erika',
    'address.lastName': 'Mustermann',
    'address.street': 'Hauptstraße',
    'address.houseNumber': '1',
    'address.postalCode': '50667',
    'address.city': 'Köln',
    'payout.accountHolder': 'Erika Mustermann',
    'payout.iban': 'DE89370400440532013000',
    'payout.bic': 'COBADEFFXXX',
  })) {
    checkout.send({ type: 'checkout.change', field: field as never, value });
  }
  checkout.send({ type: 'checkout.next' });
  checkout.send({ type: 'checkout.next' });
  checkout.send({ type: 'checkout.next' });
  checkout.send({ type: 'checkout.acceptTerms', value: true });
  checkout.send({ type: 'checkout.submit' });
  await waitFor(h.shop, (s) => s.matches('browsing'));
}

describe('shop actor: session → checkout', () => {
  it('a logged-in customer is prefilled and skips the identity step', async () => {
    const h = harness({ session: loggedIn });
    await putInCart(h);
    h.shop.send({ type: 'shop.openCheckout' });
    expect(h.shop.getSnapshot().matches({ checkingOut: 'loadingAccount' })).toBe(true);
    await waitFor(h.shop, (s) => s.matches({ checkingOut: 'customer' }));
    const checkout = h.checkout()!.getSnapshot();
    expect(checkout.value).toBe('address');
    expect(checkout.context.identity).toEqual({ kind: 'customer', email: 'erika@example.com' });
    expect(checkout.context.address.city).toBe('Köln');
    expect(checkout.context.payout.iban).toBe('DE89370400440532013000');
  });

  it('logging in during the checkout prefills it; logging out mid-checkout makes it a guest again', async () => {
    const h = harness();
    await putInCart(h);
    h.shop.send({ type: 'shop.openCheckout' });
    const checkout = h.checkout()!;
    checkout.send({ type: 'checkout.change', field: 'address.city', value: 'Bonn' }); // typed first: kept

    const session = h.shop.system.get('session');
    session.send({ type: 'session.login', email: 'erika@example.com', password: 'secret-password', rememberMe: false });
    await waitFor(h.shop, (s) => s.matches({ checkingOut: 'customer' }));
    expect(checkout.getSnapshot().context.identity.kind).toBe('customer');
    expect(checkout.getSnapshot().context.address.city).toBe('Bonn');

    session.send({ type: 'session.logout' });
    expect(h.shop.getSnapshot().matches({ checkingOut: 'guest' })).toBe(true);
    expect(checkout.getSnapshot().context.identity).toEqual({ kind: 'guest', email: 'erika@example.com' });
  });

  it("when the account details cannot be loaded it is still the customer's checkout, with nothing prefilled", async () => {
    const h = harness({ session: loggedIn, prefill: new Error('network') });
    await putInCart(h);
    h.shop.send({ type: 'shop.openCheckout' });
    await waitFor(h.shop, (s) => s.matches({ checkingOut: 'accountFailed' }));
    const checkout = h.checkout()!.getSnapshot();
    expect(checkout.context.identity).toEqual({ kind: 'customer', email: 'erika@example.com' });
    expect(checkout.value).toBe('address');
    expect(checkout.context.address.city).toBe('');
  });

  it('logging out while the details load makes it a guest checkout', async () => {
    const h = harness({ session: loggedIn, prefill: 'hang' });
    await putInCart(h);
    h.shop.send({ type: 'shop.openCheckout' });
    h.shop.system.get('session').send({ type: 'session.logout' });
    expect(h.shop.getSnapshot().matches({ checkingOut: 'guest' })).toBe(true);
  });
});

describe('shop actor: a stored checkout', () => {
  it('is resumed once, with the cart as it is now', async () => {
    const first = harness();
    await putInCart(first);
    first.shop.send({ type: 'shop.openCheckout' });
    first.checkout()!.send({ type: 'checkout.change', field: 'identity.email', value: 'erika@example.com' });
    first.checkout()!.send({ type: 'checkout.next' });
    const stored = first.checkout()!.getSnapshot().context;
    const cart = first.cart().getSnapshot().context;

    const machine = shopMachine.provide({
      actors: { loadPrefill: fromPromise<AccountPrefill, { email: string }>(() => Promise.reject(new Error('not logged in'))) },
    });
    const shop = createActor(machine, {
      input: { locale: 'de', b2b: false, session: null, cart, checkout: stored },
    }).start();
    expect(shop.getSnapshot().context.storedCheckout).toEqual(stored);
    shop.send({ type: 'shop.openCheckout' });
    const resumed = shop.getSnapshot().children.checkout as ActorRefFrom<CheckoutMachine>;
    expect(resumed.getSnapshot().value).toBe('address');
    expect(resumed.getSnapshot().context.identity.email).toBe('erika@example.com');
    expect(shop.getSnapshot().context.storedCheckout).toBeNull();
  });
});
