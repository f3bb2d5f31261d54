// @vitest-environment happy-dom
// FormFailure: every kind readApiFailure produces has its sentence, a form's own sentence (per kind
// or for every other kind) wins, a rate limit says the wait, the retry button is the screen's, and
// the note is an alert that leaves the focus where it is.

import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/i18n';
import type { ApiFailureKind } from '../../services/api-failure';
import { FormFailure } from './form-status';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

function render(node: ReactNode) {
  act(() => root.render(<I18nProvider i18n={createI18n('default', {})}>{node}</I18nProvider>));
}

const alert = () => host.querySelector<HTMLElement>('[role="alert"]');

describe('FormFailure', () => {
  const API_KINDS: ReadonlyArray<[ApiFailureKind, string]> = [
    ['network', 'This did not work right now. Please try again.'],
    ['server', 'Something went wrong on our side. Nothing is lost: please try again in a moment.'],
    ['rateLimited', 'Too many attempts. Please wait a minute and try again.'],
    ['validation', 'Some details are not valid. Please check the marked fields.'],
    ['unauthorized', 'Please log in and try again.'],
    ['forbidden', 'This is not possible with your account. Please contact us if you need help.'],
    ['notFound', 'This is no longer available. Please reload the page.'],
    ['conflict', 'Something changed in the meantime. Please reload the page and try again.'],
    ['refused', 'This did not work. Please check your details and try again.'],
    ['sessionEnded', 'Your session has ended. Please log in again.'],
  ];

  it.each(API_KINDS)('says what %s means, in an alert with the kind and the form-problem class', (kind, text) => {
    render(<FormFailure failure={kind} />);
    expect(alert()?.textContent).toBe(text);
    expect(alert()?.className).toBe('form-problem');
    expect(alert()?.dataset.failure).toBe(kind);
    expect(host.querySelector('button')).toBeNull();
  });

  it('shows nothing without a failure', () => {
    render(<FormFailure<ApiFailureKind> failure={null} />);
    expect(host.innerHTML).toBe('');
  });

  it('says the wait of a rate limit in words when the server named it', () => {
    render(<FormFailure failure={{ kind: 'rateLimited', retryAfterSeconds: 120 }} />);
    expect(alert()?.textContent).toBe('Too many attempts. Please try again in 2 minutes.');
  });

  it("takes a form's own sentence for a kind, and the defaults for the others", () => {
    const texts = { network: msg`We could not send the link right now. Please try again.` };
    render(<FormFailure failure="network" texts={texts} />);
    expect(alert()?.textContent).toBe('We could not send the link right now. Please try again.');
    render(<FormFailure failure="sessionEnded" texts={texts} />);
    expect(alert()?.textContent).toBe('Your session has ended. Please log in again.');
  });

  it("takes a form's sentence made with the wait (a minute when the server named none)", () => {
    const texts = { rateLimited: (wait: string) => msg`You have sent several messages in a short time. Please try again in ${wait}.` };
    render(<FormFailure failure={{ kind: 'rateLimited', retryAfterSeconds: 30 }} texts={texts} />);
    expect(alert()?.textContent).toBe('You have sent several messages in a short time. Please try again in 30 seconds.');
    render(<FormFailure failure={{ kind: 'rateLimited', retryAfterSeconds: null }} texts={texts} />);
    expect(alert()?.textContent).toBe('You have sent several messages in a short time. Please try again in 1 minute.');
  });

  it("names a machine's own kinds with the form's sentences", () => {
    const texts = { tooFast: msg`That was very quick. Please check your message and send it again.` };
    render(<FormFailure<'tooFast' | 'network'> failure="tooFast" texts={texts} />);
    expect(alert()?.textContent).toBe('That was very quick. Please check your message and send it again.');
    expect(alert()?.dataset.failure).toBe('tooFast');
  });

  it('says `otherwise` for every kind without its own sentence', () => {
    const texts = { unavailable: msg`We could not delete your account right now. Please try again.` };
    const otherwise = msg`Your account could not be deleted. Please contact us.`;
    render(<FormFailure<'unavailable' | 'refused' | 'sessionEnded'> failure="unavailable" texts={texts} otherwise={otherwise} />);
    expect(alert()?.textContent).toBe('We could not delete your account right now. Please try again.');
    render(<FormFailure<'unavailable' | 'refused' | 'sessionEnded'> failure="sessionEnded" texts={texts} otherwise={otherwise} />);
    expect(alert()?.textContent).toBe('Your account could not be deleted. Please contact us.');
  });

  it('offers the retry the screen gives, disabled while it runs', () => {
    const retry = vi.fn();
    render(<FormFailure failure="network" onRetry={retry} />);
    const button = host.querySelector('button')!;
    expect(button.textContent).toBe('Try again');
    act(() => button.click());
    expect(retry).toHaveBeenCalledTimes(1);
    render(<FormFailure failure="network" onRetry={retry} retrying />);
    expect(host.querySelector('button')!.disabled).toBe(true);
  });

  it('leaves the focus where it is when it appears', () => {
    const submit = document.createElement('button');
    document.body.append(submit);
    submit.focus();
    render(<FormFailure failure="server" />);
    expect(alert()).not.toBeNull();
    expect(document.activeElement).toBe(submit);
    submit.remove();
  });
});
