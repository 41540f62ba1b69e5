/* What every hls.js player of the web app does when a paid video's media grant ends: the grant, a
   cookie the page's own answer sets, lasts a few hours (ADR 026), so a 403 from the media is
   answered by asking for the page again, whose answer carries a new grant cookie, then loading on.
   The watch page's player (enhance-video.ts) and each tile of /multiview (multiview-player.ts). */
import type Hls from 'hls.js';

/** Renews the page's grants on a fatal 403, at most once a minute. `Hls` is the loaded class
 *  (imported by import() where it is used). */
export function renewGrantOnRefusal(instance: Hls, events: typeof Hls.Events): void {
  let renewed = 0;
  instance.on(events.ERROR, (_event, data) => {
    if (!data.fatal || data.response?.code !== 403 || Date.now() - renewed < 60_000) return;
    renewed = Date.now();
    // Read to its end: a body left unread keeps the request open.
    void fetch(window.location.href, { credentials: 'same-origin', cache: 'no-store' })
      .then((res) => res.text())
      .then(
        () => instance.startLoad(),
        () => undefined,
      );
  });
}
