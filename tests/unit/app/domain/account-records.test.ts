import { describe, expect, it } from 'vitest';
import { capabilityWords, featureCountWords } from '~/domain/account-records';
import { appTranslator } from '~/i18n/english';

describe('account records', () => {
  it('says the spec’s featureCount as a fan reads it', () => {
    expect(featureCountWords({ clips: 0, downloads: 0 })).toBe('0 clips, 0 downloads');
    expect(featureCountWords({ clips: 1, downloads: 1 })).toBe('1 clip, 1 download');
    expect(featureCountWords({ clips: 12, downloads: 3 })).toBe('12 clips, 3 downloads');
    // French: one for 0 and 1.
    const { t } = appTranslator('fr');
    expect(featureCountWords({ clips: 0, downloads: 1 }, t)).toBe('0 clip, 1 téléchargement');
    expect(featureCountWords({ clips: 2, downloads: 5 }, t)).toBe('2 clips, 5 téléchargements');
  });

  it('words each capability once, whatever its case', () => {
    expect(capabilityWords(['watch', 'DOWNLOAD', 'download', 'no_ads', 'new_thing'])).toEqual([
      'Watch games',
      'Download games',
      'Watch without ads',
      'New thing',
    ]);
  });
});
