import { isOverB2BCap } from '../../machines/cart';
import { CartLines } from '../../ui/cart/cart-lines';
import { useCart } from '../../ui/cart/cart-provider';
import { CheckoutFlow } from '../../ui/checkout/checkout-flow';
import { ScreenPage } from '../screen-page';

export default function CheckoutPage() {
  const { context } = useCart();
  return (
    <ScreenPage screen="checkout">
      <CartLines />
      {/* A business cart over the cap waits here: the cart says why and how to go on (spec §9). */}
      {context && context.cart.length > 0 && !isOverB2BCap(context) && <CheckoutFlow />}
    </ScreenPage>
  );
}
