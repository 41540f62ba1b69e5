import { Link } from '@remix-run/react';

/** On /buy, the way to the other kind of purchase: as a gift (`?gift=1`, GiftFields), or for
 *  oneself (ADR 019). */
export function GiftSwitch({ gift, href }: { gift: boolean; href: string }) {
  return <p>{gift ? <Link to={href}>Buy it for yourself instead</Link> : <Link to={href}>Buy it as a gift</Link>}</p>;
}
