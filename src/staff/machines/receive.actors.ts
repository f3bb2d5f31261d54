// The real actor of the receive machine (./receive.ts); tests provide a fake. A received trade goes
// into the query cache, so opening it shows it at once, and the searches are read again.

import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { StaffClient } from '../services/client';
import { staffKeys } from '../services/queries';
import { receiveParcel } from '../services/trades';

export const receiveActors = (client: StaffClient, queryClient: QueryClient) => ({
  receive: fromPromise(async ({ input }: { input: { code: string } }) => {
    const answer = await receiveParcel(client, input.code);
    queryClient.setQueryData(staffKeys.trade(answer.trade.tradeNumber), answer.trade);
    void queryClient.invalidateQueries({ queryKey: staffKeys.searches });
    return answer;
  }),
});
