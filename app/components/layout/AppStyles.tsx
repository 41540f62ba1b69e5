import { createContext, useContext } from 'react';

/* The app's own stylesheet (app/styles/app.css) travels inside every page, in a <style> in the
   head: the first screen needs no second request before it can paint (issue: first screen).
   The server reads the built file (entry.server.tsx) and the browser hydrates with the text the
   page already holds (entry.client.tsx), so both render the same element. Pages with a form or
   a video library link their own small stylesheets; Plyr's arrives with the player. */

export const APP_STYLES_ID = 'app-css';

export const AppStylesText = createContext('');

export function AppStyles() {
  return <style id={APP_STYLES_ID} dangerouslySetInnerHTML={{ __html: useContext(AppStylesText) }} />;
}
