// Filling the checkout's steps as a seller in Germany does (e-mail → address → SEPA payout), up to
// the review step, on a page or inside the partner widget's frame. A business checkout (B2B mode)
// also gives its company and a phone number with the address (decision 035).

import type { FrameLocator, Page } from '@playwright/test';
import { translate } from './shop';

export interface CheckoutSeller {
  readonly email: string;
  /** B2B mode: the company name (legal form GmbH, no VAT id) and a phone number are given too. */
  readonly company?: string;
}

export async function fillGermanCheckout(scope: Page | FrameLocator, seller: CheckoutSeller): Promise<void> {
  const field = (name: string) => scope.locator(`input[name="${name}"]`);
  const next = scope.getByRole('button', { name: translate('de', 'Continue') });
  await field('identity.email').fill(seller.email);
  await next.click();
  if (seller.company) {
    await field('company.name').fill(seller.company);
    await scope.getByLabel(translate('de', 'Legal form')).selectOption({ label: translate('de', 'GmbH') });
    await field('address.phone').fill('0221 123456');
  }
  await field('address.firstName').fill('Erika');
  await field('address.lastName').fill('Mustermann');
  await field('address.street').fill('Heidestraße');
  await field('address.houseNumber').fill('17');
  await field('address.postalCode').fill('51147');
  await field('address.city').fill('Köln');
  await next.click();
  await field('payout.accountHolder').fill(seller.company ?? 'Erika Mustermann');
  await field('payout.iban').fill('DE89 3704 0044 0532 0130 00');
  await field('payout.bic').fill('COBADEFFXXX');
  await next.click();
}
