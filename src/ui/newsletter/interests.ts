// The interests a subscriber can choose: the device categories of the catalogue, in the shop's language.

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CategoryKey } from '../../config/categories';

export const INTEREST_LABELS: Record<CategoryKey, MessageDescriptor> = {
  smartphones: msg`Smartphones`,
  tablets: msg`Tablets`,
  notebooks: msg`Notebooks`,
  macbooks: msg`MacBooks`,
  smartwatches: msg`Smartwatches`,
  cameras: msg`Cameras`,
  lenses: msg`Lenses`,
  camcorders: msg`Camcorders`,
  gameConsoles: msg`Game consoles`,
  monitors: msg`Monitors`,
  audio: msg`Audio`,
};
