/* The server renders the error screen straight away (so a visitor without JS gets it in the
 * first response); the browser bundle gets an empty module here and loads the screen on
 * demand instead (root.tsx ErrorBoundary). */
export { ErrorScreen } from './ErrorScreen';
