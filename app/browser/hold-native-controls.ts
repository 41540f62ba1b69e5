/* With JavaScript, a player's <video> shows its poster without the browser's own controls until Plyr
   is built around it (ADR 066). Chromium's native controls show a loading spinner for about
   1.3 s after the page loads and restyle and repaint on every frame meanwhile: on the
   watch page they doubled the rendering work while the app started (Lighthouse's total blocking
   time: median 404 → 172 ms without them).

   The controls stay in the HTML, so a browser without JavaScript plays with them. This inline
   script, which the parser runs right after the video (before its first frame), takes them away,
   keeps the video reachable by Tab (focus on it builds Plyr: components/Player.tsx), and gives them
   back at the fan's first click, Enter or Space on the bare video, which also starts it: the game
   plays before the app has started, and if it never does. Once Plyr has wrapped the video (its
   `.plyr` frame), Plyr answers those itself. A script React inserts on a client-side navigation
   does not run: there the video keeps its controls until Plyr is built, as before.

   The page's Content-Security-Policy allows it by its hash, like every inline script
   (http/content-security.server.ts). Pure text: the browser runs it, the server renders it. */
export const HOLD_NATIVE_CONTROLS = [
  '{',
  'const video = document.currentScript.previousElementSibling;',
  'if (video instanceof HTMLVideoElement && video.controls) {',
  'video.controls = false;',
  'video.tabIndex = 0;',
  'const release = (event) => {',
  "if (event.type === 'keydown' && event.key !== 'Enter' && event.key !== ' ') return;",
  "video.removeEventListener('click', release);",
  "video.removeEventListener('keydown', release);",
  "if (video.closest('.plyr')) return;",
  'event.preventDefault();',
  'video.controls = true;',
  'video.play().catch(() => {});',
  '};',
  "video.addEventListener('click', release);",
  "video.addEventListener('keydown', release);",
  '}',
  '}',
].join('\n');
