import { Form, useLocation } from '@remix-run/react';
import { useDataSaver } from '~/http/use-data-saver';

/** The footer's switch: a plain form, so it works without JavaScript; back to this page after. */
export function DataSaverSwitch() {
  const on = useDataSaver();
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action="/data-saver" className="data-saver">
      <input type="hidden" name="mode" value={on ? 'off' : 'on'} />
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <p id="data-saver-state">
        {on ? 'Data saver is on: smaller video first, no slide pictures.' : 'Data saver is off. On a slow or metered connection, turn it on.'}
      </p>
      <button type="submit" className="button button--quiet" aria-describedby="data-saver-state">
        {on ? 'Turn data saver off' : 'Turn data saver on'}
      </button>
    </Form>
  );
}
