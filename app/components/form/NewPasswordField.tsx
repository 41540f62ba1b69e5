import { PASSWORD_MIN } from '#contract/auth';
import type { AnyField } from '~/forms/kit';
import { useI18n } from '~/i18n/use-i18n';
import { Field } from './Field';

/** A new password (registration, the reset link, the profile): its rule as the hint, and the
 *  browser told it is a new one (password managers offer to make it). */
export function NewPasswordField({ meta, label }: { meta: AnyField; label: string }) {
  const { t } = useI18n();
  return <Field meta={meta} label={label} type="password" autoComplete="new-password" hint={t('account.passwordHint', { n: PASSWORD_MIN })} />;
}
