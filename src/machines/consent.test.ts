import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { CONSENT_BANNER_VERSION } from '../config/constants';
import { consentCookieValue, consentMachine, isDecided, parseStoredConsent, type ConsentInput } from './consent';

const start = (input: ConsentInput, remembered: string[] = []) =>
  createActor(consentMachine.provide({ actions: { remember: (_, { decision }) => void remembered.push(decision) } }), { input }).start();

describe('consent machine (product §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('decides nothing before the banner check 1 s after start', () => {
    const actor = start({ banner: true, stored: null, refusalSignal: false });
    vi.advanceTimersByTime(999);
    expect(isDecided(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.consent).toBe(false);
    vi.advanceTimersByTime(1);
    // The banner asks: still undecided for the tracking until the visitor answers.
    expect(isDecided(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'consent.accept' });
    expect(isDecided(actor.getSnapshot())).toBe(true);
  });

  it('is false while the banner exists and is not accepted; accepting sets it true and keeps it', () => {
    const remembered: string[] = [];
    const actor = start({ banner: true, stored: null, refusalSignal: false }, remembered);
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().value).toEqual({ asking: 'summary' });
    expect(actor.getSnapshot().context.consent).toBe(false);
    actor.send({ type: 'consent.accept' });
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(actor.getSnapshot().context.consent).toBe(true);
    expect(remembered).toEqual(['all']);
  });

  it('is true without a banner', () => {
    const actor = start({ banner: false, stored: null, refusalSignal: false });
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().value).toBe('noBanner');
    expect(actor.getSnapshot().context.consent).toBe(true);
  });

  it('reads DNT / GPC as a refusal without asking, and a stored decision before the signal', () => {
    const signalled = start({ banner: true, stored: null, refusalSignal: true });
    vi.advanceTimersByTime(1000);
    expect(signalled.getSnapshot().value).toBe('refused');
    expect(signalled.getSnapshot().context.consent).toBe(false);
    const storedAll = start({ banner: true, stored: 'all', refusalSignal: false });
    vi.advanceTimersByTime(1000);
    expect(storedAll.getSnapshot().context.consent).toBe(true);
  });

  it('settings save a refusal or an acceptance; a decision can be reopened and changed', () => {
    const remembered: string[] = [];
    const actor = start({ banner: true, stored: null, refusalSignal: false }, remembered);
    vi.advanceTimersByTime(1000);
    actor.send({ type: 'consent.settings' });
    expect(actor.getSnapshot().value).toEqual({ asking: 'settings' });
    actor.send({ type: 'consent.save', allow: false });
    expect(actor.getSnapshot().value).toBe('refused');
    actor.send({ type: 'consent.reopen' });
    actor.send({ type: 'consent.save', allow: true });
    expect(actor.getSnapshot().context.consent).toBe(true);
    expect(remembered).toEqual(['necessary', 'all']);
  });

  it('keeps decisions of the current banner version only', () => {
    expect(parseStoredConsent(consentCookieValue('all'))).toBe('all');
    expect(parseStoredConsent(consentCookieValue('necessary'))).toBe('necessary');
    expect(parseStoredConsent(`${CONSENT_BANNER_VERSION + 1}.all`)).toBeNull();
    expect(parseStoredConsent('garbage')).toBeNull();
    expect(parseStoredConsent(undefined)).toBeNull();
  });
});
