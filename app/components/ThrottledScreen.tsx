import { ERROR_TEXT } from './layout/error-kind';
import { RELOAD_COUNTDOWN_SECONDS, ReloadControl } from './WhoopsScreen';

/* The throttling screen (HTTP 429, spec section 8): same reload pattern as 'Whoops!'. The wait is
   the channel's Retry-After when it sent one, else the spec's 60 s. */

export function ThrottledScreen({ retryAfterSeconds }: { retryAfterSeconds?: number }) {
  const seconds = retryAfterSeconds && retryAfterSeconds > 0 ? Math.ceil(retryAfterSeconds) : RELOAD_COUNTDOWN_SECONDS;
  return (
    <main id="main" tabIndex={-1} className="error-page" style={{ maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem', textAlign: 'center' }}>
      <h1>{ERROR_TEXT.throttled.title}</h1>
      <p>{ERROR_TEXT.throttled.message}</p>
      <ReloadControl seconds={seconds} />
    </main>
  );
}
