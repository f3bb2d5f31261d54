import { CartLines } from '../../ui/cart/cart-lines';
import { ScreenPage } from '../screen-page';

export default function CheckoutPage() {
  return (
    <ScreenPage screen="checkout">
      <CartLines />
    </ScreenPage>
  );
}
