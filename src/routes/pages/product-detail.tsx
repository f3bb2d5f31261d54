import { ScreenPage } from '../screen-page';

export default function ProductDetailPage() {
  return <ScreenPage screen="productDetail" />;
}
