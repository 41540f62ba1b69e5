import { describe, expect, it } from 'vitest';
import { CAPTIONS } from '../../../../channel-api/media/captions.ts';
import { formatVttTime, liveSubtitleSegment, parseVtt, parseVttTime, toVtt } from '../../../../channel-api/media/vtt.ts';

const loop = { segmentSeconds: 2, loopSegments: 30, mpegtsOffset: 126000 };

describe('WebVTT', () => {
  it('formats and reads timestamps', () => {
    expect(formatVttTime(0)).toBe('00:00:00.000');
    expect(formatVttTime(3725.5)).toBe('01:02:05.500');
    expect(parseVttTime('01:02:05.500')).toBe(3725.5);
    expect(parseVttTime('02:05.250')).toBe(125.25);
    expect(parseVttTime('nonsense')).toBeNaN();
  });

  it('round-trips cues through text', () => {
    const cues = [
      { start: 0, end: 2.5, text: 'Tip-off' },
      { start: 3, end: 5.5, text: 'Three-pointer from the wing' },
    ];
    const text = toVtt(cues);
    expect(text.startsWith('WEBVTT\n\n00:00:00.000 --> 00:00:02.500\nTip-off\n')).toBe(true);
    expect(parseVtt(text)).toEqual(cues);
  });

  it('reads cues with identifiers, settings and CRLF line ends', () => {
    const text = 'WEBVTT\r\n\r\nNOTE hi\r\n\r\ncue-1\r\n00:00:01.000 --> 00:00:02.000 align:start\r\nHello\r\nworld\r\n';
    expect(parseVtt(text)).toEqual([{ start: 1, end: 2, text: 'Hello\nworld' }]);
  });

  it('every demo asset has English cues that start in order and end after they start', () => {
    for (const [asset, cues] of Object.entries(CAPTIONS)) {
      expect(cues.length, asset).toBeGreaterThan(2);
      for (const [i, cue] of cues.entries()) {
        expect(cue.end, asset).toBeGreaterThan(cue.start);
        if (i > 0) expect(cue.start, asset).toBeGreaterThanOrEqual(cues[i - 1].end);
      }
    }
  });
});

describe('live subtitle segments', () => {
  const cues = [
    { start: 0, end: 3.5, text: 'Tip-off' },
    { start: 1.9, end: 2.5, text: 'late in segment 0' },
    { start: 4, end: 7.5, text: 'in segment 2' },
    { start: 58, end: 59.5, text: 'last segment' },
  ];

  it('carries the X-TIMESTAMP-MAP header', () => {
    const text = liveSubtitleSegment(cues, 0, loop);
    expect(text.split('\n').slice(0, 2)).toEqual(['WEBVTT', 'X-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000']);
  });

  it('holds exactly the cues that start in [2k, 2k+2), at source times', () => {
    expect(parseVtt(liveSubtitleSegment(cues, 0, loop)).map((c) => c.text)).toEqual(['Tip-off', 'late in segment 0']);
    expect(parseVtt(liveSubtitleSegment(cues, 1, loop))).toEqual([]);
    expect(parseVtt(liveSubtitleSegment(cues, 2, loop))).toEqual([{ start: 4, end: 7.5, text: 'in segment 2' }]);
    expect(parseVtt(liveSubtitleSegment(cues, 29, loop)).map((c) => c.text)).toEqual(['last segment']);
  });

  it('wraps absolute segment numbers around the 30-segment loop', () => {
    expect(liveSubtitleSegment(cues, 30, loop)).toBe(liveSubtitleSegment(cues, 0, loop));
    expect(liveSubtitleSegment(cues, 30 * 1000 + 2, loop)).toBe(liveSubtitleSegment(cues, 2, loop));
  });
});
