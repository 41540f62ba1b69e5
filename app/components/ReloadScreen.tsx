import { ReloadControl } from './ReloadControl';

const screenStyle = { maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem', textAlign: 'center' } as const;

/** A whole page that asks the visitor to reload after a wait: the 'Whoops!' and throttling screens
 *  (WhoopsScreen, ThrottledScreen). Rendered by the root ErrorBoundary: it needs no loader data. */
export function ReloadScreen({ text, seconds }: { text: { title: string; message: string }; seconds?: number }) {
  return (
    <main id="main" tabIndex={-1} className="error-page" style={screenStyle}>
      <h1>{text.title}</h1>
      <p>{text.message}</p>
      <ReloadControl seconds={seconds} />
    </main>
  );
}
