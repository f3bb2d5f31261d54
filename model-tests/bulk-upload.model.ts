// The bulk upload as a company lives it (issue 14, decision 038): it pastes a list or chooses a
// file (one too large is refused at once), sends it, and the server answers per line or not at all
// (down, rate limited, the list over the limits). A chosen file is sent instead of the pasted list;
// when the server fails it, the company may remove the file (the page offers that only while a
// file is chosen) and send the pasted list instead. In the results it unticks a matched line, corrects
// an unmatched one and checks it again or picks a suggestion, takes the chosen lines into the cart,
// and may start over with another list.

import { setup } from 'xstate';

export const bulkUploadModel = setup({}).createMachine({
  id: 'bulkUploadModel',
  initial: 'empty',
  states: {
    empty: {
      meta: { production: 'editing', sees: 'the empty list field and the file chooser' },
      on: { PASTE_LIST: 'pasted', CHOOSE_LARGE_FILE: 'fileRefused', SEND: 'empty' },
    },
    fileRefused: {
      meta: { production: 'editing', sees: '"the list is too large" under the file chooser' },
      on: { PASTE_LIST: 'pasted' },
    },
    pasted: {
      meta: { production: 'editing', sees: 'the pasted list' },
      on: { SEND: 'matching', CHOOSE_FILE: 'fileChosen' },
    },
    fileChosen: {
      meta: { production: 'editing', sees: 'the chosen file name with "remove file"' },
      on: { SEND: 'matchingFile', REMOVE_FILE: 'pasted' },
    },
    matching: {
      meta: { production: 'matching', sees: '"checking your list…" and the progress note' },
      on: { ANSWERED: 'results', SERVER_DOWN: 'failed', RATE_LIMITED: 'rateLimited', TOO_LARGE: 'tooLarge' },
    },
    matchingFile: {
      meta: { production: 'matching', sees: '"checking your list…" with the chosen file name' },
      on: { ANSWERED: 'results', SERVER_DOWN: 'fileFailed' },
    },
    failed: {
      meta: { production: 'failed', sees: '"could not check the list" with a retry button' },
      on: { RETRY: 'matching', CHOOSE_FILE: 'fileChosen', CHOOSE_LARGE_FILE: 'fileRefused' },
    },
    fileFailed: {
      meta: { production: 'failed', sees: '"could not check the list" with a retry button, the chosen file name with "remove file"' },
      on: { RETRY: 'matchingFile', REMOVE_FILE: 'pasted' },
    },
    rateLimited: {
      meta: { production: 'failed', sees: '"too many lists, wait a few minutes"' },
      on: { RETRY: 'matching' },
    },
    tooLarge: {
      meta: { production: 'failed', sees: '"at most 1,000 lines and 256 KB, please split it"' },
      on: { PASTE_LIST: 'pasted' },
    },
    results: {
      meta: { production: 'results', sees: '"2 of 4 lines matched", matched lines ticked, the others editable' },
      on: { UNTICK: 'resultsUnticked', CORRECT_LINE: 'corrected', PICK_SUGGESTION: 'rematching', TAKE: 'taken', START_AGAIN: 'pasted' },
    },
    resultsUnticked: {
      meta: { production: 'results', sees: 'one matched line no longer ticked' },
      on: { TAKE: 'takenOne' },
    },
    corrected: {
      meta: { production: 'results', sees: 'the unmatched line with the corrected text' },
      on: { CHECK_AGAIN: 'rematching' },
    },
    rematching: {
      meta: { production: 'rematching', sees: '"checking…" on the line' },
      on: { LINE_MATCHED: 'lineMatched', LINE_FAILED: 'lineFailed' },
    },
    lineMatched: {
      meta: { production: 'results', sees: '"3 of 4 lines matched", the line ticked' },
      on: { TAKE: 'takenThree' },
    },
    lineFailed: {
      meta: { production: 'results', sees: '"could not check the list" above the lines' },
    },
    taken: {
      meta: { production: 'taken', sees: '"2 lines are in your cart now" with the cart link' },
      on: { UPLOAD_ANOTHER: 'pasted' },
    },
    takenOne: {
      meta: { production: 'taken', sees: '"1 line is in your cart now"' },
    },
    takenThree: {
      meta: { production: 'taken', sees: '"3 lines are in your cart now"' },
    },
  },
});
