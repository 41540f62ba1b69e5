import { useEffect, useState } from 'react';
import { useI18n } from '~/i18n/use-i18n';

export interface ToastData {
  text: string;
  type?: string;
}

/** Spec section 9: toasts last 5000 ms. Only with JS; without it the flash stays until the next page. */
const TOAST_MS = 5000;

/** One flash message, in the root layout's live region (root.tsx loads this code on demand). */
export function ToastMessage({ toast }: { toast: ToastData }) {
  const [shown, setShown] = useState(true);
  const { t } = useI18n();
  useEffect(() => {
    setShown(true);
    const timer = window.setTimeout(() => setShown(false), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  return shown ? (
    <div className={`toast toast--${toast.type ?? 'info'}`}>
      <p>{toast.text}</p>
      <button type="button" className="toast__close" onClick={() => setShown(false)} aria-label={t('layout.toast.dismiss')}>
        ×
      </button>
    </div>
  ) : null;
}
