import { createContext } from 'react';

/* The app's own stylesheet (app/styles/app.css) travels inside every page, in a <style> in the
   head (components/layout/AppStyles.tsx): the first screen needs no second request before it can
   paint (issue: first screen). The server reads the built file (entry.server.tsx) and the browser
   hydrates with the text the page already holds (entry.client.tsx, finding it by its id), so both
   render the same element. Pages with a form, a video library or a shared component of their own
   link their own small stylesheets; Plyr's arrives with the player. A panel below the first
   screen links its stylesheets where it starts, in the body (ADR 063: the watch page's Clip panel). */

/** The id of the page's <style> that holds the app stylesheet. */
export const APP_STYLES_ID = 'app-css';

/** The app stylesheet's text, provided by the entry files. */
export const AppStylesText = createContext('');
