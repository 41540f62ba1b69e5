import net from 'node:net';

/** A TCP port free on 127.0.0.1 now (the OS picks it), for a server a test or the bench starts. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
