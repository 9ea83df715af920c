// A live event goes to every socket of its workspace as the same bytes. ws frames each send anew (a
// header buffer, cork, two writes, uncork: a writev per socket); with thousands of sockets that
// per-socket work was most of the fan-out time (bench/scale). So the hub frames the message once —
// RFC 6455 §5.2: FIN + text opcode, the length, no mask (a server never masks) — and each socket
// writes the finished bytes to its TCP connection in one write.
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/** A text message as one complete, unmasked WebSocket frame. */
export function frameTextMessage(payload: Buffer): Buffer {
  const length = payload.length;
  const headerBytes = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerBytes + length);
  frame[0] = 0x81; // FIN, opcode 0x1 (text)
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerBytes);
  return frame;
}

/** One text message, kept both as its UTF-8 payload and as the finished frame. */
export interface PreparedMessage {
  payload: Buffer;
  frame: Buffer;
}

export function prepareTextMessage(text: string): PreparedMessage {
  const payload = Buffer.from(text);
  return { payload, frame: frameTextMessage(payload) };
}

/**
 * Where a socket's prepared frames go: straight to the TCP connection it was upgraded from. ws
 * writes every other frame of this socket synchronously to that same stream, so frames stay whole
 * and in order, and ws's bufferedAmount still counts them. With an extension in force
 * (permessage-deflate, which this server does not offer) ws must encode each message itself.
 */
export function preparedMessageSender(socket: WebSocket, connection: Duplex | undefined) {
  const raw = socket.extensions === '' ? connection : undefined;
  return (message: PreparedMessage): void => {
    // CLOSING: ws may have sent the close frame; nothing may follow it.
    if (socket.readyState !== socket.OPEN) return;
    if (raw?.writable) raw.write(message.frame);
    else socket.send(message.payload, { binary: false });
  };
}
