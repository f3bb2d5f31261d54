// Model-based test of the offer flow against the production offer machine.

import { describeMachineFlow } from './support/machine-runner';
import { offerFlow } from './offer.flow';

describeMachineFlow(offerFlow());
