/* What the root layout needs from the server render only. In the browser bundle this module is
 * empty (the compiler empties .server modules there), so none of this code is shipped:
 * - components only some pages show (error screens, a toast after a form post): the server
 *   renders them straight away, so a visitor without JS gets them in the first response, and
 *   the browser loads their code when one is first shown (`onDemand`). */
export { ErrorScreen } from '~/components/layout/ErrorScreen';
export { ToastMessage } from '~/components/layout/ToastMessage';
