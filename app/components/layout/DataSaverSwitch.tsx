import { Form, useLocation } from '@remix-run/react';
import { useDataSaver } from '~/http/use-data-saver';
import { useI18n } from '~/i18n/use-i18n';

/** The footer's switch: a plain form, so it works without JavaScript; back to this page after. */
export function DataSaverSwitch() {
  const on = useDataSaver();
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action="/data-saver" className="data-saver">
      <input type="hidden" name="mode" value={on ? 'off' : 'on'} />
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <p id="data-saver-state">{on ? t('layout.dataSaver.on') : t('layout.dataSaver.off')}</p>
      <button type="submit" className="button button--quiet" aria-describedby="data-saver-state">
        {on ? t('layout.dataSaver.turnOff') : t('layout.dataSaver.turnOn')}
      </button>
    </Form>
  );
}
