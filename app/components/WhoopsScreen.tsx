import { ERROR_TEXT } from '~/http/error-kind';
import { ReloadScreen } from './ReloadScreen';

/* The 'Whoops!' reload screen (spec section 8): the reload control unlocks after a 60 s
   countdown (ReloadControl). Rendered by the root ErrorBoundary: it needs no loader data. */

export function WhoopsScreen({ retryAfterSeconds }: { retryAfterSeconds?: number }) {
  return <ReloadScreen text={ERROR_TEXT.whoops} seconds={retryAfterSeconds} />;
}
