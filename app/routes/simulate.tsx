import { json, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import { detectCapabilities, formatBytes, measureThroughput, type Capabilities, type Throughput } from '~/browser/browser-check';
import { Player } from '~/components/Player';
import { channelApiUrl } from '~/config/env.server';
import { pageMeta } from '~/domain/page-meta';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Check your browser', 'Check that this browser can play the channel.');

const TEST = {
  hls: '/media/vod/test-pattern/master.m3u8',
  mp4: '/media/vod/test-pattern/video.mp4',
  captions: '/media/vod/test-pattern/captions.vtt',
};
/** Smooth HD needs roughly this much. */
const RECOMMENDED_MBPS = 3;

let mp4Size: number | null = null;

/** Size of the test MP4, so a visitor without JavaScript can time its download by hand. */
async function testFileSize(): Promise<number | null> {
  if (mp4Size !== null) return mp4Size;
  try {
    const res = await fetch(`${channelApiUrl()}${TEST.mp4}`, { method: 'HEAD', signal: AbortSignal.timeout(2000) });
    const length = Number(res.headers.get('content-length'));
    if (res.ok && length > 0) mp4Size = length;
  } catch {
    // Unknown size: the page says so instead of failing.
  }
  return mp4Size;
}

export async function loader() {
  return json({ size: await testFileSize() });
}

export default function Simulate() {
  const { size } = useLoaderData<typeof loader>();
  return (
    <div className="simulate">
      <h1>Check your browser</h1>
      <p>This page checks that your browser and connection can play the channel&apos;s video.</p>

      <section aria-labelledby="sim-video-title" className="simulate-section">
        <h2 id="sim-video-title">Test video</h2>
        <div className="watch-stage">
          <Player title="Test pattern" src={TEST.hls} mp4Src={TEST.mp4} captions={[{ label: 'English', srclang: 'en', url: TEST.captions }]} />
        </div>
        <p>If the video plays, your browser can play the channel.</p>
      </section>

      <JsChecks />

      <section aria-labelledby="sim-speed-title" className="simulate-section">
        <h2 id="sim-speed-title">Measure by hand</h2>
        <p>
          A server cannot time a download on your side, so without JavaScript this page cannot measure your speed for you. Download the test video and time it:
          speed in Mbit/s = size in MB × 8 ÷ seconds. Around {RECOMMENDED_MBPS} Mbit/s or more plays smoothly in HD.
        </p>
        <p>
          <a href={TEST.mp4} download="fieldhouse-test-pattern.mp4">
            Download the test video{size ? ` (${formatBytes(size)})` : ''}
          </a>
        </p>
      </section>
    </div>
  );
}

type Speed = { state: 'idle' } | { state: 'running' } | { state: 'done'; result: Throughput } | { state: 'failed' };

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** What JavaScript can find out; nothing is rendered until it runs. */
function JsChecks() {
  const [caps, setCaps] = useState<Capabilities | null>(null);
  const [speed, setSpeed] = useState<Speed>({ state: 'idle' });

  const measure = useCallback(async () => {
    setSpeed({ state: 'running' });
    try {
      setSpeed({ state: 'done', result: await measureThroughput(TEST.mp4) });
    } catch {
      setSpeed({ state: 'failed' });
    }
  }, []);

  useEffect(() => {
    setCaps(detectCapabilities());
    void measure();
  }, [measure]);

  if (!caps) {
    return (
      <noscript>
        <p>Turn on JavaScript to have this page check HLS and Media Source support and measure your download speed automatically.</p>
      </noscript>
    );
  }

  const canPlay = caps.hlsNative || caps.mseCodecs || caps.mp4;
  const status =
    speed.state === 'running' || speed.state === 'idle'
      ? 'Measuring download speed…'
      : `Checks complete. ${canPlay ? 'This browser can play the channel.' : 'This browser may not play the channel.'}`;

  return (
    <section aria-labelledby="sim-results-title" className="simulate-section">
      <h2 id="sim-results-title">Results</h2>
      <p role="status" className="simulate-status">
        {status}
      </p>
      <table className="simulate-table">
        <caption className="sr-only">Browser check results</caption>
        <tbody>
          <tr>
            <th scope="row">Plays HLS natively</th>
            <td>{yesNo(caps.hlsNative)}</td>
          </tr>
          <tr>
            <th scope="row">Media Source Extensions (MSE)</th>
            <td>{yesNo(caps.mse)}</td>
          </tr>
          <tr>
            <th scope="row">H.264 and AAC through MSE</th>
            <td>{yesNo(caps.mseCodecs)}</td>
          </tr>
          <tr>
            <th scope="row">Plays MP4 (H.264)</th>
            <td>{yesNo(caps.mp4)}</td>
          </tr>
          <tr>
            <th scope="row">Download speed</th>
            <td>
              <SpeedCell speed={speed} />
            </td>
          </tr>
        </tbody>
      </table>
      <p>
        <button type="button" className="button" onClick={() => void measure()} disabled={speed.state === 'running'}>
          Measure download speed
        </button>
      </p>
    </section>
  );
}

function SpeedCell({ speed }: { speed: Speed }) {
  if (speed.state === 'failed') return <>Could not measure</>;
  if (speed.state !== 'done') return <>Measuring…</>;
  const { mbps, bytes, seconds } = speed.result;
  return (
    <>
      {mbps.toFixed(1)} Mbit/s ({formatBytes(bytes)} in {seconds.toFixed(2)} s)
      {mbps < RECOMMENDED_MBPS ? ` — below the ${RECOMMENDED_MBPS} Mbit/s recommended for HD` : ''}
    </>
  );
}
