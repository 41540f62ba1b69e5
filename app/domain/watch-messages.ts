/* What a fan reads where a video would play and it does not (components/player/Playback.tsx, for
   the watch state of domain/watch-state.ts), and a refused download of a game in a blocked region
   (routes/watch.$id_.download.tsx). */

export const GEO_BLOCKED_MESSAGE = "We're sorry, but this content is not available in your region.";
export const NO_ACCESS_MESSAGE = 'You need a pass to watch this event.';
export const PAY_PER_VIEW_MESSAGE = 'This game is pay-per-view: buy it to watch. Passes and subscriptions do not include it.';
export const SIGN_IN_MESSAGE = 'This one is free for fans with an account: log in or register to watch it.';
