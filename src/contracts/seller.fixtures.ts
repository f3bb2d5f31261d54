// Test data: the shop's test seller, a valid German address and SEPA account as the forms and the
// trade contract take them (shared by the contract, machine, service and model tests).

export const SELLER_ADDRESS = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  street: 'Heidestraße',
  houseNumber: '17a',
  postalCode: '51147',
  city: 'Köln',
} as const;

export const SELLER_SEPA = { accountHolder: 'Erika Mustermann', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' } as const;
