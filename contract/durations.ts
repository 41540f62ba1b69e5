/* A length of time as a fan reads it, m:ss, h:mm:ss past an hour: a video's or a clip's length,
 * the DVR's place behind live, the Clip form's times, the channel API's clip refusals. One writing
 * for the web app's pages and the channel API's answers. */

/** 245 → '4:05', 3723 → '1:02:03' (a fraction is dropped, a negative is '0:00'). `hours: false`:
 *  the minutes keep counting, 3723 → '62:03', as the Clip form's fields and the channel's clip
 *  refusals write a time into a game. */
export function formatDuration(seconds: number, opts: { hours?: boolean } = {}): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = opts.hours === false ? 0 : Math.floor(whole / 3600);
  const minutes = Math.floor((whole - hours * 3600) / 60);
  const secs = String(whole % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}
