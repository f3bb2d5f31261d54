// Titles of the content pages, shared by the footer links and the content screen.

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ContentPage } from '../config/content';

export const CONTENT_TITLES: Record<ContentPage, MessageDescriptor> = {
  howItWorks: msg`How it works`,
  packingTips: msg`Packing tips`,
  dataErasure: msg`Erasing your data`,
  ecoEffect: msg`Eco effect`,
  about: msg`About us`,
  press: msg`Press`,
  partnerProgramme: msg`Partner programme`,
  terms: msg`Terms and conditions`,
  privacy: msg`Privacy policy`,
  imprint: msg`Imprint`,
};
