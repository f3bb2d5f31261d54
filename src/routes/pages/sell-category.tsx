import { ScreenPage } from '../screen-page';

export default function SellCategoryPage() {
  return <ScreenPage screen="sellCategory" />;
}
