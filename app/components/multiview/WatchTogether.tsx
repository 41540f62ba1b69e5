import { Form } from '@remix-run/react';
import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { MULTIVIEW_MAX, pickedAnnouncement } from '~/domain/multiview';
import { useI18n } from '~/i18n/use-i18n';

/** What a live game's card needs to offer its "Watch together" box (WatchTogetherPick). */
export interface WatchTogetherPicks {
  /** The form the boxes belong to (the `form` attribute: the list may sit anywhere around it). */
  formId: string;
  picked: readonly number[];
  /** Whether the most games are picked (with JavaScript: the other boxes are then disabled). */
  full: boolean;
  toggle: (id: number, on: boolean) => void;
}

export const WatchTogetherContext = createContext<WatchTogetherPicks | null>(null);

const FORM_ID = 'watch-together';

/**
 * "Watch together" on /live: every live game's card inside it gets a box (WatchTogetherPick), and
 * the form after the list opens the ticked ones on one screen, /multiview?id=…&id=… — a plain GET
 * form, so it works without JavaScript (the server shows four at most and says so). With
 * JavaScript, once four are ticked the other boxes are disabled, and a status line counts.
 * The bar shows only where the list has a live game (multiview.css, by `:has`).
 */
export function WatchTogether({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const { t } = useI18n();
  const [picked, setPicked] = useState<number[]>([]);
  const toggle = useCallback((id: number, on: boolean) => setPicked((now) => (on ? (now.includes(id) ? now : [...now, id]) : now.filter((p) => p !== id))), []);
  const full = hydrated && picked.length >= MULTIVIEW_MAX;
  const picks = useMemo(() => ({ formId: FORM_ID, picked, full, toggle }), [picked, full, toggle]);
  return (
    <WatchTogetherContext.Provider value={picks}>
      <div className="watch-together-scope">
        {children}
        <Form id={FORM_ID} method="get" action="/multiview" className="watch-together" aria-labelledby="watch-together-title">
          <h2 id="watch-together-title" className="watch-together__title">
            {t('lists.watchTogether')}
          </h2>
          <p className="watch-together__hint" id="watch-together-hint">
            {t('multiview.tickHint')}
          </p>
          {hydrated ? (
            <p className="watch-together__count" role="status">
              {picked.length > 0 ? pickedAnnouncement(picked.length, t) : ''}
            </p>
          ) : null}
          <button type="submit" className="button" aria-describedby="watch-together-hint">
            {t('lists.watchTogether')}
          </button>
        </Form>
      </div>
    </WatchTogetherContext.Provider>
  );
}
