import { BaseSequencer, type TestSpecification } from 'vitest/node';

/* Vitest's order of test files (vitest.config.ts `sequence.sequencer`). Its own sorts by the
   durations of the last run on this machine, and without one (a clean CI checkout) by file size:
   then a file whose set-up alone takes tens of seconds (ffmpeg making media, a channel API per
   case) may start last, and the run ends on it while the other worker idles. These start first. */
const SLOW_SET_UP = [
  'tests/integration/media/static-ffmpeg.test.ts',
  'tests/integration/channel-api/fuzz.test.ts',
  'tests/integration/channel-api/import.test.ts',
  'tests/integration/channel-api/create-user.test.ts',
  'tests/integration/channel-api/clips.test.ts',
  'tests/integration/channel-api/endpoints.test.ts',
];

const rank = (file: TestSpecification) => {
  const index = SLOW_SET_UP.findIndex((slow) => file.moduleId.endsWith(slow));
  return index === -1 ? SLOW_SET_UP.length : index;
};

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
