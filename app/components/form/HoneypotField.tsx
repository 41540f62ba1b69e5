import { useRouteLoaderData } from '@remix-run/react';
import { useI18n } from '~/i18n/use-i18n';
import type { loader as rootLoader } from '~/loaders/root.server';

/** The honeypot of public forms (checked by readForm in app/http/security.server.ts): hidden from
 *  people and assistive technology, filled by bots. Its name comes from the root loader. */
export function HoneypotField() {
  const name = useRouteLoaderData<typeof rootLoader>('root')?.honeypotField ?? 'fh_website';
  const { t } = useI18n();
  return (
    <div hidden aria-hidden="true">
      <label htmlFor={name}>{t('account.honeypot')}</label>
      <input id={name} name={name} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
    </div>
  );
}
