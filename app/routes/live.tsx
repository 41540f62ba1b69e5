/* Alias of /upcoming (spec section 2: all four show the same list); its live games can be
   watched together (/multiview). */
import { WatchTogether } from '~/components/multiview/WatchTogether';
import watchTogetherCss from '~/styles/watch-together.css';
import Schedule from './upcoming';

export { loader, meta } from './upcoming';

export const links = () => [{ rel: 'stylesheet', href: watchTogetherCss }];

export default function Live() {
  return (
    <WatchTogether>
      <Schedule />
    </WatchTogether>
  );
}
