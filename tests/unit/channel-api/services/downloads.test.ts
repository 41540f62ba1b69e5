import { describe, expect, it } from 'vitest';
import { eventDownloadFile, eventFileName } from '../../../../channel-api/services/downloads.ts';

describe('a game’s download', () => {
  const at = Date.UTC(2026, 10, 20, 3, 30) / 1000; // 20 November 03:30 UTC: still the 19th in Chicago

  it("is saved under the game's one name and its date in the channel's time zone, in characters every file system takes", () => {
    const game = {
      id: 4,
      name: 'Girls Soccer: Bayside at Harbor Point',
      event_utc_ts: at,
      home_team_id: 2,
      participants: [
        { id: 1, name: 'Bayside Mariners Girls Soccer' },
        { id: 2, name: 'Harbor Point Pirates Girls Soccer' },
      ],
      event_category_id: 5,
      event_categories: [{ id: 5, name: 'Girls Soccer' }],
    };
    expect(eventFileName(game, 'America/Chicago')).toBe('Bayside Mariners @ Harbor Point Pirates (Girls Soccer) 2026-11-19.mp4');
    expect(eventFileName({ id: 4, name: 'Girls Soccer: Bayside at Harbor Point', event_utc_ts: at }, 'America/Chicago')).toBe(
      'Girls Soccer Bayside at Harbor Point 2026-11-19.mp4',
    );
    expect(eventFileName({ id: 4, name: 'Boys Basketball', event_utc_ts: at }, 'UTC')).toBe('Boys Basketball 2026-11-20.mp4');
    expect(eventFileName({ id: 4, name: 'Défense / "Attaque" <script>\u0000 ../../etc', event_utc_ts: at }, 'Europe/Paris')).toBe(
      'Defense Attaque script etc 2026-11-20.mp4',
    );
    expect(eventFileName({ id: 9, name: '東京 🏀', event_utc_ts: at }, 'Not/AZone')).toBe('Game 9 2026-11-20.mp4');
    const long = eventFileName({ id: 4, name: 'A'.repeat(500), event_utc_ts: at }, 'UTC');
    expect(long).toBe(`${'A'.repeat(80)} 2026-11-20.mp4`);
    for (const name of [long, eventFileName({ id: 1, name: '..', event_utc_ts: at }, 'UTC')]) expect(name).toMatch(/^[A-Za-z0-9][A-Za-z0-9 _.@()-]*\.mp4$/);
  });

  it('is a finished game’s recording; a game not finished, or without a recording, has none', () => {
    expect(eventDownloadFile('finished', 'game-4')).toBe('media/game-4/video.mp4');
    expect(eventDownloadFile('live', 'game-4')).toBeNull();
    expect(eventDownloadFile('upcoming', 'game-4')).toBeNull();
    expect(eventDownloadFile('finished', 'live-2')).toBeNull();
    expect(eventDownloadFile('finished', null)).toBeNull();
    expect(eventDownloadFile('finished', '../secret')).toBeNull();
  });
});
