import { Link } from '@remix-run/react';
import { useI18n } from '~/i18n/use-i18n';

/** On /buy, the way to the other kind of purchase: as a gift (`?gift=1`, GiftFields), or for
 *  oneself (ADR 019). */
export function GiftSwitch({ gift, href }: { gift: boolean; href: string }) {
  const { t } = useI18n();
  return <p>{gift ? <Link to={href}>{t('commerce.gift.forYourself')}</Link> : <Link to={href}>{t('commerce.gift.asGift')}</Link>}</p>;
}
