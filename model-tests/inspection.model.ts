// Inspecting a received trade in the back office as the inspector lives it (product §11.6, §11.10):
// open the trade (it loads, the hold is taken; another inspector may hold it: take over), the quotes
// of both devices arrive (or fail: ask again), the IMEI typed wrong then right, a photo uploaded (or
// refused) and removed, a note, an answer found worse (a new quote: the seller gets a counter-offer,
// no wipe), the wipes confirmed, the summary, back, save. The save is stored, or the trade changed
// meanwhile (nothing saved: reload, the typed values kept), or the server refuses an identifier or is
// down (retry). A trade whose device the seller accepted after a clarification opens as it is: the
// wipe is confirmed there (certified, refused as not accepted, or stale). Unknown trades and a server
// that does not answer end or pause the flow.

import { setup } from 'xstate';

export const inspectionModel = setup({}).createMachine({
  id: 'inspectionModel',
  initial: 'closed',
  states: {
    closed: { meta: { production: null, sees: 'the trade search or the receive screen' }, on: { OPEN: 'loading' } },
    loading: {
      meta: { production: 'loading', sees: 'loading the trade…' },
      on: {
        SERVER_SENDS_RECEIVED: 'holding',
        SERVER_SENDS_ACCEPTED: 'wipePending',
        SERVER_SAYS_NOT_FOUND: 'notFound',
        SERVER_DOWN: 'loadFailed',
      },
    },
    loadFailed: { meta: { production: 'failed', sees: 'a failure with retry' }, on: { RETRY: 'loading' } },
    notFound: { type: 'final', meta: { production: 'notFound', sees: 'no trade with this number, a link to the search' } },
    holding: {
      meta: { production: 'holding', sees: 'opening the trade for the inspection…' },
      on: { HOLD_GRANTED: 'quoting', HELD_BY_OTHER: 'heldByOther', SERVER_DOWN: 'loadFailed' },
    },
    heldByOther: {
      meta: { production: 'heldByOther', sees: '“held by Max Prüfer since …” with the take-over, the trade as it is' },
      on: { TAKE_OVER: 'takingOver' },
    },
    takingOver: { meta: { production: 'holding', sees: 'taking the trade over…' }, on: { HOLD_GRANTED: 'quoting' } },
    quoting: {
      meta: { production: 'held.editing', sees: 'both devices, their prices being worked out' },
      on: { SERVER_QUOTES: 'unidentified', QUOTES_FAIL: 'quoteFailed' },
    },
    quoteFailed: {
      meta: { production: 'held.editing', sees: '“the price could not be worked out” with a retry per device' },
      on: { RETRY_QUOTES: 'quoting' },
    },
    unidentified: {
      meta: { production: 'held.editing', sees: 'both devices as offered, no identifier yet, the save closed' },
      on: { TYPE_BAD_IMEI: 'badIdentifier', TYPE_IDENTIFIERS: 'identified', ADD_PHOTO: 'uploading' },
    },
    badIdentifier: {
      meta: { production: 'held.editing', sees: 'the IMEI’s check digit named at the field' },
      on: { TYPE_IDENTIFIERS: 'identified' },
    },
    uploading: {
      meta: { production: 'held.editing', sees: 'the photo uploading' },
      on: { SERVER_STORES_PHOTO: 'withPhoto', SERVER_REFUSES_PHOTO: 'photoRefused' },
    },
    withPhoto: { meta: { production: 'held.editing', sees: 'the photo’s thumbnail' }, on: { REMOVE_PHOTO: 'photoRemoved' } },
    photoRefused: { meta: { production: 'held.editing', sees: 'the photo refused, with why' }, on: { REMOVE_PHOTO: 'photoRemoved' } },
    photoRemoved: { meta: { production: 'held.editing', sees: 'no photo' }, on: { TYPE_IDENTIFIERS: 'identified' } },
    identified: {
      meta: { production: 'held.editing', sees: 'both identifiers checked, the wipes still missing' },
      on: { WRITE_NOTE: 'identified', CHANGE_ANSWER: 'requoting', CONFIRM_WIPES: 'ready' },
    },
    requoting: {
      meta: { production: 'held.editing', sees: 'the answer marked as differing, its price being worked out' },
      on: { SERVER_QUOTES: 'worseFound' },
    },
    worseFound: {
      meta: { production: 'held.editing', sees: 'the Galaxy worse: a counter-offer, no wipe; the iPhone’s wipe missing' },
      on: { CONFIRM_WIPES: 'ready' },
    },
    ready: { meta: { production: 'held.editing', sees: 'nothing missing, the save open' }, on: { REVIEW: 'reviewing' } },
    reviewing: {
      meta: { production: 'held.reviewing', sees: 'the summary: outcome and wipe per device, what is paid' },
      on: { BACK: 'ready', SAVE: 'saving' },
    },
    saving: {
      meta: { production: 'held.saving', sees: 'saving…' },
      on: { SERVER_SAVES: 'saved', SERVER_SAYS_STALE: 'stale', SERVER_REFUSES_IDENTIFIER: 'identifierRefused', SERVER_DOWN: 'saveFailed' },
    },
    saveFailed: { meta: { production: 'held.saveFailed', sees: 'a failure with retry and back' }, on: { RETRY: 'saving', BACK: 'ready' } },
    identifierRefused: {
      meta: { production: 'held.editing', sees: 'the form, the refused identifier marked' },
      on: { REVIEW: 'reviewing' },
    },
    stale: {
      meta: { production: 'stale', sees: '“max@… changed this trade at …; nothing was saved” with reload' },
      on: { RELOAD: 'reloading' },
    },
    reloading: { meta: { production: 'loading', sees: 'loading the trade again…' }, on: { SERVER_SENDS_RECEIVED: 'reholding' } },
    reholding: { meta: { production: 'holding', sees: 'opening the trade for the inspection…' }, on: { HOLD_GRANTED: 'restored' } },
    restored: {
      meta: { production: 'held.editing', sees: 'the form with what was typed before, the prices being worked out' },
      on: { SERVER_QUOTES: 'ready' },
    },
    saved: {
      meta: { production: 'saved', sees: '“Saved”, the next parcel or the saved trade' },
      on: { SHOW_TRADE: 'showing' },
    },
    showing: { meta: { production: 'loading', sees: 'loading the saved trade…' }, on: { SERVER_SENDS_INSPECTED: 'inspected' } },
    inspected: { type: 'final', meta: { production: 'viewing', sees: 'the trade as inspected' } },
    wipePending: {
      meta: { production: 'viewing', sees: 'the accepted device without its certificate: the wipe to confirm' },
      on: { CHOOSE_WIPE: 'wipeChosen' },
    },
    wipeChosen: { meta: { production: 'viewing', sees: 'the wipe method chosen' }, on: { CONFIRM_WIPE: 'erasing' } },
    erasing: {
      meta: { production: 'erasing', sees: 'confirming…' },
      on: { SERVER_CERTIFIES: 'certified', SERVER_SAYS_NOT_ACCEPTED: 'wipeRefused', SERVER_SAYS_STALE: 'wipeStale' },
    },
    wipeStale: {
      meta: { production: 'stale', sees: '“max@… changed this trade at …; nothing was saved” with reload' },
      on: { RELOAD: 'reloadingAccepted' },
    },
    reloadingAccepted: {
      meta: { production: 'loading', sees: 'loading the trade again…' },
      on: { SERVER_SENDS_ACCEPTED: 'wipePending' },
    },
    wipeRefused: {
      meta: { production: 'viewing', sees: '“this device is not accepted, so it gets no certificate”' },
      on: { CONFIRM_WIPE: 'erasing' },
    },
    certified: { meta: { production: 'viewing', sees: 'the certificate of the device' }, on: { RELOAD: 'refreshing' } },
    refreshing: { meta: { production: 'loading', sees: 'loading the trade again…' }, on: { SERVER_SENDS_CERTIFIED: 'certifiedAgain' } },
    certifiedAgain: { type: 'final', meta: { production: 'viewing', sees: 'the certified device' } },
  },
});
