import { Trans } from '@lingui/react/macro';
import { isOverB2BCap } from '../../machines/cart';
import { NoScriptNote } from '../../ui/account/noscript-note';
import { CartLines } from '../../ui/cart/cart-lines';
import { useCart } from '../../ui/cart/cart-provider';
import { CheckoutFlow } from '../../ui/checkout/checkout-flow';
import { ScreenPage } from '../screen-page';
import '../../ui/form/form.css';

export default function CheckoutPage() {
  const { context } = useCart();
  return (
    <ScreenPage screen="checkout">
      {/* The same on the server and after the cart has loaded: the page's main text from its first paint,
          so nothing below the heading moves when the cart arrives (the screen keeps a viewport's height). */}
      <p className="lead checkout-intro">
        <Trans>
          Four short steps to sell the devices in your cart: your e-mail, your address, how we pay you, and a last look at everything.
          Shipping is free: you get a label to print, and we pay as soon as we have checked your devices.
        </Trans>
      </p>
      <NoScriptNote screen="checkout" />
      <CartLines />
      {/* A business cart over the cap waits here: the cart says why and how to go on (product §9). */}
      {context && context.cart.length > 0 && !isOverB2BCap(context) && <CheckoutFlow />}
    </ScreenPage>
  );
}
