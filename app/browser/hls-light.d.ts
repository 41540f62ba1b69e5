// hls.js 1.7 ships no typings for its `./light` subpath; it is the same API minus alt-audio,
// subtitles-in-stream, EME and CMCD, so the full build's types describe it.
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
