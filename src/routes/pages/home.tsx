import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { isWidgetMode } from '../../config/brands';
import { useCart } from '../../ui/cart/cart-provider';
import { DeviceList } from '../../ui/catalogue/device-card';
import { EntityGrid } from '../../ui/catalogue/entity-grid';
import { HomeBanner } from '../../ui/home-banner';
import { NewsletterSignUp } from '../../ui/newsletter/sign-up';
import { ConditionsVideo } from '../../ui/offer/conditions-video';
import { useShop } from '../../ui/shop-context';
import { usePageData } from '../page-data';
import { ScreenPage } from '../screen-page';
import '../../ui/catalogue/catalogue.css';

export default function HomePage() {
  const { categories, popular, banner } = usePageData('home');
  const shop = useShop();
  const cart = useCart();
  // Business trade-ins (the business widget, or business mode turned on in the shop) are paid by SEPA only.
  const business = shop.mode === 'b2bWidget' || (cart.context?.B2BMode ?? false);
  useLingui();
  return (
    <>
      <HomeBanner banner={banner} />
      <ScreenPage screen="home">
        <section aria-labelledby="home-categories">
          <h2 id="home-categories">
            <Trans>What would you like to sell?</Trans>
          </h2>
          <EntityGrid
            className="categories"
            items={categories.map((c) => ({
              key: c.id,
              to: shop.path('sellCategory', { category: c.url }),
              label: c.title,
              thumbnail: c.thumbnail,
            }))}
          />
        </section>
        {popular.length > 0 && (
          <section aria-labelledby="home-popular">
            <h2 id="home-popular">
              <Trans>Popular devices</Trans>
            </h2>
            <DeviceList devices={popular} />
          </section>
        )}
        <section aria-labelledby="home-steps">
          <h2 id="home-steps">
            <Trans>How selling works</Trans>
          </h2>
          <ol className="steps">
            <li>
              <h3>
                <Trans>Get an offer</Trans>
              </h3>
              <p>
                <Trans>Choose your device, answer a few questions about its condition and get a binding price.</Trans>
              </p>
            </li>
            <li>
              <h3>
                <Trans>Ship for free</Trans>
              </h3>
              <p>
                <Trans>Print the free shipping label, pack your devices and hand the parcel to the carrier.</Trans>
              </p>
            </li>
            <li>
              <h3>
                <Trans>Get paid</Trans>
              </h3>
              <p>
                {business ? (
                  <Trans>After our inspection we pay by SEPA bank transfer to your company's account, usually within a few days.</Trans>
                ) : (
                  <Trans>After our inspection we pay by bank transfer or PayPal, usually within a few days.</Trans>
                )}
              </p>
            </li>
          </ol>
        </section>
        <ConditionsVideo />
        {/* A widget shows the flow only (decision 034): no newsletter of the shop around it. */}
        {!isWidgetMode(shop.mode) && <NewsletterSignUp source="home" />}
      </ScreenPage>
    </>
  );
}
