import { useContext, useEffect, useRef } from 'react';
import { useI18n } from '~/i18n/use-i18n';
import { WatchTogetherContext } from './WatchTogether';

/**
 * A live game card's "Watch together" box: a checkbox of the /live form (WatchTogether), named
 * with the game. Nothing outside that form (the home page's cards), nor on a game not live.
 */
export function WatchTogetherPick({ id, title, live }: { id: number; title: string; live: boolean }) {
  const { t } = useI18n();
  const picks = useContext(WatchTogetherContext);
  const box = useRef<HTMLInputElement>(null);
  const toggle = picks?.toggle;
  // A box the browser ticked again (back to the page) counts as picked.
  useEffect(() => {
    if (box.current?.checked) toggle?.(id, true);
  }, [id, toggle]);
  if (!picks || !live) return null;
  const checked = picks.picked.includes(id);
  return (
    <label className="watch-pick">
      <input
        ref={box}
        type="checkbox"
        name="id"
        value={id}
        form={picks.formId}
        disabled={picks.full && !checked}
        onChange={(event) => picks.toggle(id, event.currentTarget.checked)}
      />
      <span aria-hidden="true">{t('lists.watchTogether')}</span>
      <span className="sr-only">{t('lists.watchTogetherGame', { game: title })}</span>
    </label>
  );
}
