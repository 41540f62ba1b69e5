import net from 'node:net';

/* A request still in flight when a server is told to stop (the graceful-stop tests, ADR 058): its
   head and half its body are sent, the rest when the test says. */

/** A raw HTTP/1.1 request whose body is sent in two parts: `finish()` sends the rest and resolves
 *  with the whole answer's status line and body. */
export async function uploadInTwoParts(url: string, path: string, body: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const half = Math.floor(body.length / 2);
  const head = Object.entries({ Host: `${hostname}:${port}`, ...headers, 'Content-Length': String(Buffer.byteLength(body)) }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  socket.write(`POST ${path} HTTP/1.1\r\n${head.join('')}\r\n${body.slice(0, half)}`);
  return {
    finish: async () => {
      socket.write(body.slice(half));
      await ended;
      return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]), answer };
    },
  };
}

/** Whether a new connection to the server is refused (it stopped accepting). */
export const connectionRefused = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const probe = net.connect(Number(port), hostname);
    probe.once('connect', () => {
      probe.destroy();
      resolve(false);
    });
    probe.once('error', () => resolve(true));
  });
