import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { CLIP_MSG, CLIP_NAME_MAX } from '#contract/clips';
import { askedWindow, CLIP_TOO_LONG, clipSchema, lastClipSchema, renameClipSchema } from '~/forms/clip';

const parse = (fields: Record<string, string | string[]>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) formData.append(name, v);
  return parseWithZod(formData, { schema: clipSchema });
};
const errorsOf = (fields: Record<string, string | string[]>) => {
  const submission = parse(fields);
  return submission.status === 'success' ? {} : submission.error;
};
const good = { intent: 'clip', name: 'The block', tags: 'Defense', start: '0:10', end: '0:40' };

describe('the Clip form (watch page)', () => {
  it("says the spec's words for each missing field", () => {
    expect(errorsOf({ intent: 'clip' })).toEqual({ name: [CLIP_MSG.required], tags: [CLIP_MSG.tag], start: [CLIP_MSG.time], end: [CLIP_MSG.time] });
    expect(errorsOf({ ...good, name: '   ' })).toEqual({ name: [CLIP_MSG.required] });
  });

  it('says a time that is not one is missing', () => {
    expect(errorsOf({ ...good, start: 'soon' })).toEqual({ start: [CLIP_MSG.time] });
    expect(errorsOf({ ...good, end: '1:75' })).toEqual({ end: [CLIP_MSG.time] });
  });

  it('wants the end after the start, and at most 5 minutes after', () => {
    expect(errorsOf({ ...good, start: '0:40', end: '0:10' })).toEqual({ end: [CLIP_MSG.endBeforeStart] });
    expect(errorsOf({ ...good, start: '0:40', end: '40' })).toEqual({ end: [CLIP_MSG.endBeforeStart] });
    expect(errorsOf({ ...good, start: '0:00', end: '5:01' })).toEqual({ end: [CLIP_TOO_LONG] });
    expect(errorsOf({ ...good, start: '0:00', end: '5:00' })).toEqual({});
  });

  it('takes one tag or several, and asks the channel for start and length', () => {
    const one = parse(good);
    expect(one.status === 'success' && one.value.tags).toEqual(['Defense']);
    const several = parse({ ...good, tags: ['Defense', 'Dunk'], start: '10', end: '1:05' });
    expect(several.status).toBe('success');
    if (several.status === 'success') {
      expect(several.value.tags).toEqual(['Defense', 'Dunk']);
      expect(askedWindow(several.value)).toEqual({ start_time: 10, duration: 55 });
    }
  });

  it('refuses a forged intent', () => {
    expect(parse({ ...good, intent: 'delete' }).status).toBe('error');
    expect(parse({ ...good, intent: 'last30' }).status, '"Clip the last 30 s" is a form of its own').toBe('error');
  });
});

const parseWith = <S extends typeof lastClipSchema | typeof renameClipSchema>(schema: S, fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseWithZod(formData, { schema });
};

describe('"Clip the last 30 s" (one press)', () => {
  it('needs nothing but its button: no name, no tag, no times; where the player stood when the page says', () => {
    const bare = parseWith(lastClipSchema, { intent: 'last30' });
    expect(bare.status === 'success' && bare.value).toEqual({ intent: 'last30' });
    const withPosition = parseWith(lastClipSchema, { intent: 'last30', position: '93.4' });
    expect(withPosition.status === 'success' && withPosition.value.position).toBe(93.4);
    expect(parseWith(lastClipSchema, { intent: 'last30', position: '-3' }).status).toBe('error');
  });
});

describe('renaming a clip (its page)', () => {
  it("says the spec's words for an empty or too long name, and trims the name", () => {
    const errors = (name: string) => {
      const s = parseWith(renameClipSchema, { name });
      return s.status === 'success' ? {} : s.error;
    };
    expect(errors('   ')).toEqual({ name: [CLIP_MSG.required] });
    expect(errors('x'.repeat(CLIP_NAME_MAX + 1))).toEqual({ name: [`Field length must be less than ${CLIP_NAME_MAX + 1}`] });
    const ok = parseWith(renameClipSchema, { name: '  The save  ' });
    expect(ok.status === 'success' && ok.value.name).toBe('The save');
  });
});
