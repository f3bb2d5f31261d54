// A logged-in customer's checkout keeps its address and payout account in the account when the seller
// leaves "save to my account" checked (issue 32 part 2; decision 081): the next checkout prefills
// them. Runs inside the trade's transaction, so a refused trade saves nothing. The address becomes
// the primary one (the one the next checkout shows), unless the account holds it already; a bank
// account with the same IBAN (a PayPal account with the same e-mail) is updated, not added again.
// The account lists the payout account masked, like every other.

import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { countryConfig } from '../../src/config/countries';
import type { Locale } from '../../src/config/locales';
import type { Address, Payout } from '../../src/contracts/trades';
import type { Database } from '../db/client';
import { bankAccounts, customerAddresses, customerPaymentAccounts, paypalAccounts } from '../db/schema/customers';

const ADDRESS_KEYS = ['firstName', 'lastName', 'street', 'houseNumber', 'postalCode', 'city', 'phone'] as const;
const sameAddress = (a: Partial<Address>, b: Partial<Address>) => ADDRESS_KEYS.every((key) => (a[key] ?? '') === (b[key] ?? ''));

export async function saveCheckoutDetails(
  tx: Database,
  customerId: string,
  locale: Locale,
  details: { readonly address: Address; readonly payout: Payout },
  at: Date,
): Promise<void> {
  await saveAddress(tx, customerId, locale, details.address, at);
  await savePayout(tx, customerId, details.payout, at);
}

async function saveAddress(tx: Database, customerId: string, locale: Locale, address: Address, at: Date): Promise<void> {
  const mine = eq(customerAddresses.customerId, customerId);
  const rows = await tx.select().from(customerAddresses).where(mine);
  const known = rows.find((row) => sameAddress(row.address, address));
  const id = known?.id ?? randomUUID();
  if (known) {
    await tx.update(customerAddresses).set({ isPrimary: true, updatedAt: at }).where(eq(customerAddresses.id, id));
  } else {
    const stored = { ...address, country: countryConfig(locale).countryCode };
    await tx.insert(customerAddresses).values({ id, customerId, address: stored, isPrimary: true, updatedAt: at });
  }
  await tx
    .update(customerAddresses)
    .set({ isPrimary: false })
    .where(and(mine, ne(customerAddresses.id, id), eq(customerAddresses.isPrimary, true)));
}

async function savePayout(tx: Database, customerId: string, payout: Payout, at: Date): Promise<void> {
  const account = { id: randomUUID(), customerId, paymentType: 'INVOICE' as const, isPrimary: false, createdAt: at };
  if (payout.method === 'sepa') {
    const fields = { accountHolder: payout.accountHolder, bic: payout.bic, updatedAt: at };
    const updated = await tx
      .update(bankAccounts)
      .set(fields)
      .where(and(eq(bankAccounts.customerId, customerId), eq(bankAccounts.iban, payout.iban)))
      .returning({ id: bankAccounts.id });
    if (updated.length > 0) return;
    const id = randomUUID();
    await tx.insert(bankAccounts).values({ id, customerId, iban: payout.iban, ...fields });
    await tx.insert(customerPaymentAccounts).values({ ...account, bankAccountId: id });
    return;
  }
  const updated = await tx
    .update(paypalAccounts)
    .set({ updatedAt: at })
    .where(and(eq(paypalAccounts.customerId, customerId), sql`lower(${paypalAccounts.email}) = ${payout.email.toLowerCase()}`))
    .returning({ id: paypalAccounts.id });
  if (updated.length > 0) return;
  const id = randomUUID();
  await tx.insert(paypalAccounts).values({ id, customerId, email: payout.email, updatedAt: at });
  await tx.insert(customerPaymentAccounts).values({ ...account, paypalAccountId: id });
}
