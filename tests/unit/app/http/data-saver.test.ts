import { describe, expect, it } from 'vitest';
import { dataSaverOn, dataSaverSwitch, pageVariant } from '~/http/data-saver';

describe('data saver', () => {
  it("is on for a browser's Save-Data, unless the visitor switched it off; the switch turns it on for any browser", () => {
    expect(dataSaverOn({ saveData: 'on', cookie: null })).toBe(true);
    expect(dataSaverOn({ saveData: ' On ', cookie: 'a=1' })).toBe(true);
    expect(dataSaverOn({ saveData: 'off', cookie: undefined })).toBe(false);
    expect(dataSaverOn({ saveData: 'on', cookie: '__datasaver=off' })).toBe(false);
    expect(dataSaverOn({ saveData: null, cookie: 'x=2; __datasaver=on' })).toBe(true);
  });

  it('reads only its own cookie, with a value it knows', () => {
    expect(dataSaverSwitch('__datasaver=maybe')).toBeNull();
    expect(dataSaverSwitch('my__datasaver=on')).toBeNull();
    expect(dataSaverSwitch('__datasaver=on; b=1')).toBe('on');
  });

  it('names the page variant from request headers as Node gives them', () => {
    expect(pageVariant({ 'save-data': 'on' })).toBe('lite');
    expect(pageVariant({ cookie: '__datasaver=on' })).toBe('lite');
    expect(pageVariant({})).toBe('full');
  });
});
