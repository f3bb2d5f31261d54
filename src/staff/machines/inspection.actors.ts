// The real actors of the inspection machine (./inspection.ts) on the staff API client; tests provide
// fakes. The trade is read through the query cache (the search and receive screens share it) and a
// saved or certified trade is written back into it. The hold is given back when the editing ends,
// and when the tab closes while it lasts (a request that outlives the page).

import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { StaffTrade } from '../../contracts/staff';
import type { StaffClient } from '../services/client';
import { staffKeys, tradeQuery } from '../services/queries';
import { confirmErasure, deletePhoto, holdTrade, quoteItem, releaseTrade, saveInspection, uploadPhoto } from '../services/trades';
import { quoteLogic, uploadLogic, type EraseInput, type SaveInput } from './inspection';

export function inspectionActors(client: StaffClient, queryClient: QueryClient) {
  const stored = (trade: StaffTrade) => {
    queryClient.setQueryData(staffKeys.trade(trade.tradeNumber), trade);
    return trade;
  };
  return {
    actors: {
      load: fromPromise(({ input }: { input: { tradeNumber: string } }) =>
        queryClient.fetchQuery({ ...tradeQuery(client, input.tradeNumber), staleTime: 0 }),
      ),
      hold: fromPromise(async ({ input }: { input: { tradeNumber: string; takeOver: boolean } }) =>
        stored(await holdTrade(client, input.tradeNumber, input.takeOver)),
      ),
      keepHold: fromCallback<EventObject, { tradeNumber: string }>(({ input }) => {
        let released = false;
        const release = (keepalive: boolean) => {
          if (released) return;
          released = true;
          releaseTrade(client, input.tradeNumber, keepalive).catch(() => {
            // The hold ends with the session anyway; nothing to tell the inspector.
          });
        };
        const onPageHide = () => release(true);
        window.addEventListener('pagehide', onPageHide);
        return () => {
          window.removeEventListener('pagehide', onPageHide);
          release(false);
        };
      }),
      quote: quoteLogic((input, signal) =>
        quoteItem(client, input.tradeNumber, { offerId: input.offerId, answers: { ...input.answers } }, signal),
      ),
      upload: uploadLogic((input, signal) => uploadPhoto(client, input.tradeNumber, input.offerId, input.file, signal)),
      deletePhoto: fromPromise(async ({ input }: { input: { tradeNumber: string; photoId: string } }) => {
        await deletePhoto(client, input.tradeNumber, input.photoId).catch(() => {
          // An upload the inspection does not name is never shown; the server may clean it up later.
        });
      }),
      save: fromPromise(async ({ input }: { input: SaveInput }) => stored(await saveInspection(client, input.tradeNumber, input.request))),
      erase: fromPromise(async ({ input }: { input: EraseInput }) =>
        stored(await confirmErasure(client, input.tradeNumber, input.offerId, { version: input.version, method: input.method })),
      ),
    },
    actions: {
      changed: () => void queryClient.invalidateQueries({ queryKey: staffKeys.searches }),
    },
  };
}
