// Test data of the offer machine, shared by its unit tests and the model-based tests: a device with
// three condition questions, its offer and the refusal of its activation-lock answer.

import type { Offer, OfferBlocked } from '../contracts/offers';
import type { Device } from '../services/catalogue/entities';

const question = (id: number, answerIds: number[]) => ({
  id,
  code: `Q${id}`,
  question: `QUESTION_${id}`,
  description: '',
  answers: answerIds.map((answerId) => ({ id: answerId, code: `A${answerId}`, text: `ANSWER_${answerId}` })),
});

export const device: Device = {
  id: 42,
  name: 'iPhone 13 128 GB',
  model: 'iPhone 13',
  url: 'apple-iphone-13-128gb',
  category: 'Smartphones',
  categoryId: 1,
  categoryUrl: 'smartphones',
  manufacturer: 'Apple',
  manufacturerId: 2,
  manufacturerUrl: 'apple',
  series: 'iPhone 13',
  seriesId: 3,
  seriesUrl: 'iphone-13',
  releaseYear: 2021,
  releaseMonth: 9,
  image: '/img/iphone13.webp',
  thumbnail: '/img/iphone13-thumb.webp',
  basePrice: 310,
  // Q10 display (101 ok, 102 cracked), Q20 activation lock (201 off, 202 on), Q30 battery (301, 302, 303)
  questions: [question(10, [101, 102]), question(20, [201, 202]), question(30, [301, 302, 303])],
};

export const offer: Offer = {
  offerId: '0b7c2f56-3a43-4c55-9d0e-1f1f8f3f0a11',
  deviceId: 42,
  deviceName: 'iPhone 13 128 GB',
  locale: 'de-DE',
  answers: { '10': 101, '20': 201, '30': 301 },
  price: 287.35,
  currency: 'EUR',
  conditionId: 1,
  kind: 'purchase',
  validUntil: '2030-01-22T10:00:00.000Z',
  createdAt: '2030-01-01T10:00:00.000Z',
};

export const blocked: OfferBlocked = {
  statusCode: 422,
  error: 'Offer Blocked',
  message: 'OFFER_BLOCKED_ACTIVATION_LOCK',
  blockedBy: [{ questionId: 20, answerId: 202, code: 'ACTIVATION_LOCK' }],
};
