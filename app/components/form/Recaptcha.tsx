import { useEffect, useRef } from 'react';
import { useI18n } from '~/i18n/use-i18n';

/* Google's reCAPTCHA v2 checkbox, when the channel turns it on (app/auth/recaptcha.server.ts). It
   needs JavaScript, so the script is added after hydration (also after a client-side navigation)
   and a no-JS visitor is told why the form cannot pass. server.ts allows Google's origins in the
   CSP only when a site key is set. */

declare global {
  interface Window {
    grecaptcha?: { render(el: HTMLElement, opts: { sitekey: string }): number };
  }
}

export function Recaptcha({ siteKey }: { siteKey: string | null }) {
  const box = useRef<HTMLDivElement>(null);
  const { t } = useI18n();
  useEffect(() => {
    const el = box.current;
    if (!siteKey || !el) return;
    if (window.grecaptcha?.render) {
      if (!el.hasChildNodes()) window.grecaptcha.render(el, { sitekey: siteKey });
      return;
    }
    if (document.querySelector('script[data-recaptcha]')) return;
    const script = document.createElement('script');
    script.src = 'https://www.google.com/recaptcha/api.js';
    script.async = true;
    script.dataset.recaptcha = '';
    document.head.append(script);
  }, [siteKey]);
  if (!siteKey) return null;
  return (
    <div className="field">
      <div ref={box} className="g-recaptcha" data-sitekey={siteKey} />
      <noscript>
        <p className="notice">{t('account.recaptcha')}</p>
      </noscript>
    </div>
  );
}
