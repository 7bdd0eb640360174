import type net from 'node:net';

/**
 * Reads the answers of requests sent one after another on a keep-alive connection (status line,
 * headers, a Content-Length body) and calls `onAnswer` with each one's status, in order.
 */
export function onAnswers(socket: net.Socket, onAnswer: (status: string) => void): void {
  let buffer = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffer.slice(0, end);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffer.length < end + 4 + length) return;
      buffer = buffer.slice(end + 4 + length);
      onAnswer(head.slice(9, 12));
    }
  });
}
