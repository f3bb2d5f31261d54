import { CartLines } from '../../ui/cart/cart-lines';
import { useCart } from '../../ui/cart/cart-provider';
import { CheckoutFlow } from '../../ui/checkout/checkout-flow';
import { ScreenPage } from '../screen-page';

export default function CheckoutPage() {
  const { context } = useCart();
  return (
    <ScreenPage screen="checkout">
      <CartLines />
      {context && context.cart.length > 0 && <CheckoutFlow />}
    </ScreenPage>
  );
}
