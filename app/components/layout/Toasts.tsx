import { useEffect, useState } from 'react';

export interface ToastData {
  text: string;
  type?: string;
}

/** Spec section 9: toasts last 5000 ms. Only with JS; without it the flash stays until the next page. */
const TOAST_MS = 5000;

export function Toasts({ toast }: { toast: ToastData | null }) {
  const [shown, setShown] = useState(toast);
  useEffect(() => {
    setShown(toast);
    if (!toast) return;
    const timer = window.setTimeout(() => setShown(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  return (
    // The live region is always present so screen readers announce a toast added later.
    <div className="toasts" role="status" aria-live="polite">
      {shown ? (
        <div className={`toast toast--${shown.type ?? 'info'}`}>
          <p>{shown.text}</p>
          <button type="button" className="toast__close" onClick={() => setShown(null)} aria-label="Dismiss message">
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
