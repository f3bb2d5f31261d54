import { ScreenPage } from '../screen-page';

export default function CheckoutPage() {
  return <ScreenPage screen="checkout" />;
}
