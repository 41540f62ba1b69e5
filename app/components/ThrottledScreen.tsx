import { ERROR_TEXT } from '~/http/error-kind';
import { ReloadControl, screenStyle } from './WhoopsScreen';

/* The throttling screen (HTTP 429, spec section 8): same reload pattern as 'Whoops!'. The wait is
   the channel's Retry-After when it sent one (whole seconds: http/error-kind.ts), else the
   spec's 60 s (ReloadControl's default). */

export function ThrottledScreen({ retryAfterSeconds }: { retryAfterSeconds?: number }) {
  return (
    <main id="main" tabIndex={-1} className="error-page" style={screenStyle}>
      <h1>{ERROR_TEXT.throttled.title}</h1>
      <p>{ERROR_TEXT.throttled.message}</p>
      <ReloadControl seconds={retryAfterSeconds} />
    </main>
  );
}
