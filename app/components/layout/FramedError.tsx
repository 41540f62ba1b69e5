import { ReloadControl } from '~/components/ReloadControl';
import { describeError } from '~/http/error-kind';

/** An error shown inside a layout that holds navigation (the profile's tabs, checkout next):
 *  the frame around it stays, so the fan can go on from there. Title and message come from the
 *  one table (http/error-kind.ts); an outage or throttling offers the same reload control as the
 *  whole-page screens. */
export function FramedError({ error }: { error: unknown }) {
  const info = describeError(error);
  return (
    <section className="framed-error" aria-labelledby="framed-error-title">
      <h2 id="framed-error-title">{info.title}</h2>
      <p>{info.message}</p>
      {info.kind === 'whoops' || info.kind === 'throttled' ? <ReloadControl seconds={info.retryAfterSeconds} /> : null}
    </section>
  );
}
