import { describe, expect, it } from 'vitest';
import { BASIC_PASS_GATE_OPEN, FORM_GATE_OPEN, formPath, gateDetour, gatesAt, gateSettingsOf, type GateSettings } from '~/domain/gates';

const at = (path: string) => new URL(path, 'http://fieldhouse.test');
const off: GateSettings = { requiredForms: [], basicPass: false };
const formOn: GateSettings = { requiredForms: ['passes'], basicPass: false };
const passOn: GateSettings = { requiredForms: [], basicPass: true };
const both: GateSettings = { requiredForms: ['passes'], basicPass: true };
const newFan = { unansweredForms: ['passes'], hasBasicPass: false };
const settledFan = { unansweredForms: [], hasBasicPass: true };

describe("the channel's gates (spec section 2, ADR 053)", () => {
  it('are on only as the settings say: a required form, the basic-pass option', () => {
    expect(
      gateSettingsOf({
        basic_pass: true,
        custom_forms: [
          { alias: 'about', required: false },
          { alias: 'passes', required: true },
        ],
      }),
    ).toEqual({ requiredForms: ['passes'], basicPass: true });
    expect(gateDetour(at('/upcoming'), off, newFan)).toBeNull();
    expect(gatesAt('/upcoming', off)).toEqual({ forms: [], basicPass: false });
  });

  it('send a fan who has not answered the required form to it, with the page to come back to', () => {
    expect(gateDetour(at('/watch/12?t=30'), formOn, newFan)).toBe('/forms/passes?redirectTo=%2Fwatch%2F12%3Ft%3D30');
    expect(gateDetour(at('/upcoming?_data=root'), formOn, newFan)).toBe('/forms/passes?redirectTo=%2Fupcoming');
    expect(gateDetour(at('/'), formOn, newFan)).toBe('/forms/passes');
    expect(gateDetour(at('/watch/12'), formOn, settledFan)).toBeNull();
  });

  it('leave the allowed paths open to the form gate: sign-in and account pages, legal pages, the forms, buying, media, health', () => {
    for (const path of [
      '/login',
      '/registration',
      '/verify-email',
      '/logout',
      '/auth/google/callback',
      '/profile',
      '/profile/edit',
      '/privacy_policy',
      '/terms_conditions',
      '/accessibility',
      '/forms/passes',
      '/forms/other',
      '/packages',
      '/buy',
      '/select-package/3',
      '/orders/41',
      '/orders/41/cancel',
      '/media/vod/x.m3u8',
      '/healthz',
    ])
      expect(gateDetour(at(path), formOn, newFan), path).toBeNull();
    // Not a prefix match on a page's name: /packagesx and /profiles are pages like any other.
    expect(gateDetour(at('/profiles'), formOn, newFan)).toBe('/forms/passes?redirectTo=%2Fprofiles');
    expect(gatesAt('/packages', both)).toEqual({ forms: [], basicPass: false });
  });

  it('send a fan without a basic pass to /packages, except on privacy, terms, packages, buy, select-package and the steps of getting one', () => {
    expect(gateDetour(at('/'), passOn, newFan)).toBe('/packages');
    expect(gateDetour(at('/profile'), passOn, newFan)).toBe('/packages');
    for (const path of ['/privacy_policy', '/terms_conditions', '/packages', '/buy', '/select-package/3', '/orders/41', '/gift/abc', '/verify-email'])
      expect(gateDetour(at(path), passOn, newFan), path).toBeNull();
    expect(gateDetour(at('/'), passOn, settledFan)).toBeNull();
    expect(gatesAt('/buy', passOn).basicPass).toBe(false);
  });

  it('ask for the form first, never loop: each target is open under both gates', () => {
    expect(gateDetour(at('/upcoming'), both, newFan)).toBe('/forms/passes?redirectTo=%2Fupcoming');
    expect(gateDetour(at('/forms/passes'), both, newFan)).toBeNull();
    expect(gateDetour(at('/upcoming'), both, { unansweredForms: [], hasBasicPass: false })).toBe('/packages');
    for (const target of [formPath('passes'), '/packages']) {
      expect(gateDetour(at(target), both, newFan), target).toBeNull();
    }
    expect(FORM_GATE_OPEN).toContain('/packages');
    expect(BASIC_PASS_GATE_OPEN).toContain('/forms/');
  });

  it('ask only what the page needs: nothing on an open page, only the required forms', () => {
    expect(gatesAt('/upcoming', both)).toEqual({ forms: ['passes'], basicPass: true });
    expect(gatesAt('/profile', both)).toEqual({ forms: [], basicPass: true });
    expect(gatesAt('/privacy_policy', both)).toEqual({ forms: [], basicPass: false });
  });
});
