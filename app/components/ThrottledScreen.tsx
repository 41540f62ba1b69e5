import { ERROR_TEXT } from '~/http/error-kind';
import { ReloadScreen } from './ReloadScreen';

/* The throttling screen (HTTP 429, spec section 8): same reload pattern as 'Whoops!'. The wait is
   the channel's Retry-After when it sent one (whole seconds: http/error-kind.ts), else the
   spec's 60 s (ReloadControl's default). */

export function ThrottledScreen({ retryAfterSeconds }: { retryAfterSeconds?: number }) {
  return <ReloadScreen text={ERROR_TEXT.throttled} seconds={retryAfterSeconds} />;
}
