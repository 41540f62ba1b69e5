import { useI18n } from '~/i18n/use-i18n';
import { ReloadControl } from './ReloadControl';

const screenStyle = { maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem', textAlign: 'center' } as const;

/** A whole page that asks the visitor to reload after a wait: the 'Whoops!' and throttling screens
 *  (WhoopsScreen, ThrottledScreen). Rendered by the root ErrorBoundary: it needs no loader data. */
export function ReloadScreen({ text, seconds }: { text: { title: string; message: string }; seconds?: number }) {
  // The English of http/error-kind.ts, in the fan's language (ADR 055).
  const { sentence } = useI18n();
  return (
    <main id="main" tabIndex={-1} className="error-page" style={screenStyle}>
      <h1>{sentence(text.title)}</h1>
      <p>{sentence(text.message)}</p>
      <ReloadControl seconds={seconds} />
    </main>
  );
}
