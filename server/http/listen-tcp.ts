import type net from 'node:net';

/** Listens on `port` (0: a free one) and `host`; resolves with the port taken, rejects when it cannot listen (in use, not allowed). */
export async function listenTcp(server: net.Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as net.AddressInfo).port;
}
